// Primitives of the console UI. Import from '@/components/ui' or the single file.
export { Alert, type AlertProps, type AlertTone } from './alert';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, CardContent, CardHeader, CardTitle } from './card';
export { CharacterCounter, type CharacterCounterProps } from './character-counter';
export { Checkbox, type CheckboxProps } from './checkbox';
export { cn, focusRing } from './cn';
export { controlClasses } from './control-classes';
export { Dialog, type DialogProps } from './dialog';
export { Field, type FieldProps } from './field';
export { useFieldControl, type FieldControlProps } from './field-context';
export { Input, type InputProps } from './input';
export { Label, type LabelProps } from './label';
export { LinkButton, type LinkButtonProps } from './link-button';
export { Select, SelectOptions, type SelectOption, type SelectOptionGroup, type SelectProps } from './select';
export { Skeleton } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { Textarea, type TextareaProps } from './textarea';
