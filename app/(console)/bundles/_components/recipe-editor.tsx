'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useUnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Alert, Button, TitledCard } from '@/components/ui';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import {
  componentError,
  isComponentCode,
  locateComponentError,
  toComponentWrites,
  type DraftComponent,
} from '@/lib/client/bundles/recipe';
import { useReplaceRecipe } from '@/lib/client/bundles/save-bundle';
import { errorMessage } from '@/lib/i18n/error-messages';
import type { Bundle } from '@/lib/contract/bundles';
import { BUNDLE_CREATE_REQUIRED } from '@/lib/contract/recipe-rules';
import { RecipeRows } from './recipe-rows';

export function draftFrom(bundle: Bundle): DraftComponent[] {
  return bundle.components.map((c) => ({
    skuId: c.componentSkuId,
    code: c.componentSkuOuterSysCode,
    name: c.componentSkuName,
    quantity: String(c.quantity),
  }));
}

/**
 * Edits a copy of the recipe; "Save recipe" sends one update whose components replace the whole recipe.
 * A refusal changes nothing upstream (component rule 4): the page keeps showing the stored recipe above,
 * the draft stays here, and the error goes on the row it is about.
 */
export function RecipeEditor({
  bundle,
  onClose,
  restore,
  autoFocus = false,
}: {
  bundle: Bundle;
  onClose: () => void;
  /** Opened by a finding's fix (`?focus=components`): the first component's quantity takes the focus. */
  autoFocus?: boolean;
  /** An earlier recipe from History, its lines matched to live SKUs by code: the draft opens with it. */
  restore?: { rows: DraftComponent[]; change: string } | null;
}) {
  const t = useTranslations('bundles.recipe');
  const replace = useReplaceRecipe(bundle.id);
  const [rows, setRows] = useState<DraftComponent[]>(() => restore?.rows ?? draftFrom(bundle));
  const [submitted, setSubmitted] = useState(false);
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [failure, setFailure] = useState<{ kind: 'refused' | 'unknown'; sentence?: string } | null>(null);
  const [locating, setLocating] = useState(false);
  const tf = useTranslations('forms');
  const [dirty, setDirty] = useState(Boolean(restore));
  const rowsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (autoFocus) rowsRef.current?.querySelector<HTMLInputElement>('input:not([type=hidden])')?.focus();
  }, [autoFocus]);
  // Leaving the page with an unsaved recipe asks first, as every form does.
  useUnsavedChangesGuard(dirty, tf('leaveUnsaved'));

  const change = (next: DraftComponent[]) => {
    setRows(next);
    setDirty(true);
    setRowErrors(new Map());
  };

  const save = async () => {
    setSubmitted(true);
    setFailure(null);
    setRowErrors(new Map());
    if (rows.length === 0) {
      setFailure({ kind: 'refused', sentence: errorMessage(BUNDLE_CREATE_REQUIRED.components.code) });
      return;
    }
    const invalid = rows.find((r) => componentError(r) !== null);
    if (invalid) {
      document.getElementById(`recipe-quantity-${invalid.skuId}`)?.focus();
      return;
    }
    const sent = toComponentWrites(rows);
    try {
      const labels = Object.fromEntries(
        [
          ...bundle.components.map((c) => ({
            skuId: c.componentSkuId,
            code: c.componentSkuOuterSysCode,
            name: c.componentSkuName,
          })),
          ...rows,
        ].map((r) => [String(r.skuId), { code: r.code ?? null, name: r.name ?? null }]),
      );
      const from = bundle.components.map((c) => ({
        componentSkuId: c.componentSkuId,
        quantity: c.quantity,
        sort: c.sort,
      }));
      await replace.mutateAsync({ components: sent, review: { from, labels, restores: restore?.change ?? null } });
      setDirty(false);
      toast.success(t('saved'));
      onClose();
    } catch (error) {
      if (failedWriteOutcome(error) === 'unknown') {
        setFailure({ kind: 'unknown', sentence: isApiError(error) ? error.sentence : undefined });
        return;
      }
      const sentence = isApiError(error) ? error.sentence : String(error);
      const code = isApiError(error) ? error.code : '';
      if (!isComponentCode(code)) {
        setFailure({ kind: 'refused', sentence });
        return;
      }
      setFailure({ kind: 'refused' });
      setLocating(true);
      try {
        const index = await locateComponentError(sent, code);
        const row = index === null ? undefined : rows[index];
        if (row) {
          setRowErrors(new Map([[row.skuId, sentence]]));
          document.getElementById(`recipe-quantity-${row.skuId}`)?.focus();
        } else setFailure({ kind: 'refused', sentence });
      } catch {
        setFailure({ kind: 'refused', sentence });
      } finally {
        setLocating(false);
      }
    }
  };

  return (
    <TitledCard id="recipe-editor" title={t('editorTitle')} contentClassName="space-y-4">
      <div ref={rowsRef}>
        <RecipeRows rows={rows} onChange={change} showAllErrors={submitted} rowErrors={rowErrors} />
      </div>
      {failure ? (
        <Alert
          tone={failure.kind === 'unknown' ? 'warning' : 'error'}
          title={failure.kind === 'unknown' ? t('unknown') : t('refused')}
        >
          {failure.sentence ? <p>{failure.sentence}</p> : null}
        </Alert>
      ) : null}
      {locating ? (
        <p role="status" className="text-sm">
          {t('locating')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void save()} pending={replace.isPending}>
          {t('save')}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={replace.isPending}>
          {t('cancel')}
        </Button>
      </div>
    </TitledCard>
  );
}
