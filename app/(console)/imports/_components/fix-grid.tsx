'use client';

import { useTranslations } from 'next-intl';
import Papa from 'papaparse';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Badge, Checkbox, cn } from '@/components/ui';
import type { RowIssue } from '@/lib/imports/check';
import type { FamilyName } from '@/lib/imports/families';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { useLiveCheck, type GridRow } from './grid-rows';
import { useImportTexts } from './import-wizard/texts';
import { FieldHeader, useColumnName } from './field-header';
import { CellBox } from './cell-box';

/**
 * The failed-row workbench's grid: the rows that did not go through, in their own columns, editable in place.
 * Each cell shows its error beside it: the service's (or the first check's) until the cell is changed, then
 * the live check with the contract's schema (the same checkRows the import uses). Every error of a row is
 * also listed in the column after the row's label, so it reads without scrolling however wide the family is;
 * each names its field and moves to its cell. Keyboard: arrows move, Enter or typing edits (an input
 * method's composition too), Enter commits and moves down, Escape cancels, Delete clears, Ctrl+Z undoes the
 * last change, and a block of cells copied from a spreadsheet (tab-separated) pastes from the focused cell.
 * One cell is in the tab order (roving tabindex), so Tab leaves the grid.
 */

export interface FixGridProps {
  family: FamilyName;
  caption: string;
  /** The label column's header ("Line", "Item"). */
  labelHeader: string;
  headers: readonly string[];
  mapping: readonly (string | null)[];
  rows: readonly GridRow[];
  edits: Readonly<Record<number, string[]>>;
  onEdit: (rowNo: number, cells: string[]) => void;
  selected: ReadonlySet<number>;
  onSelect: (rowNo: number, selected: boolean) => void;
  statusText?: (status: string) => string;
  /** Focus the first row's first cell at fault when the grid opens (a finding's fix lands on the rows). */
  autoFocus?: boolean;
}

type Pos = { r: number; c: number };
/** One change as undo restores it: the rows' cells before it. */
type Undo = { rowNo: number; cells: string[] }[];

export function FixGrid(props: FixGridProps) {
  const t = useTranslations('workbench');
  const ti = useTranslations('imports');
  const { issueText } = useImportTexts();
  const columnName = useColumnName();
  const { rows, headers, mapping, edits } = props;
  const live = useLiveCheck(props.family, headers, mapping, rows, edits);
  const columnOf = (issue: RowIssue) =>
    issue.column ? issue.column - 1 : issue.field ? mapping.indexOf(issue.field) : -1;
  const [active, setActive] = useState<Pos>(() => {
    const column = rows[0]?.issues.map(columnOf).find((c) => c >= 0 && c < headers.length);
    return { r: 0, c: column ?? 0 };
  });
  const [editing, setEditing] = useState<{ pos: Pos; draft: string } | null>(null);
  const cellRefs = useRef(new Map<string, HTMLTableCellElement>());
  const inputRef = useRef<HTMLInputElement | null>(null);
  const undoStack = useRef<Undo[]>([]);
  // Opened by a finding's fix: the first cell at fault takes the focus as the grid opens.
  const focusNext = useRef(Boolean(props.autoFocus));
  const width = headers.length;

  useEffect(() => {
    if (!focusNext.current || editing) return;
    focusNext.current = false;
    cellRefs.current.get(`${active.r}:${active.c}`)?.focus();
  }, [active, editing]);

  const cellsOf = (r: number) => edits[rows[r]!.rowNo] ?? rows[r]!.cells;

  function setCell(r: number, c: number, value: string) {
    const row = rows[r]!;
    if ((cellsOf(r)[c] ?? '') === value) return;
    const next = [...cellsOf(r)];
    while (next.length < width) next.push('');
    next[c] = value;
    undoStack.current.push([{ rowNo: row.rowNo, cells: [...cellsOf(r)] }]);
    props.onEdit(row.rowNo, next);
  }

  function undo() {
    const last = undoStack.current.pop();
    for (const { rowNo, cells } of last ?? []) props.onEdit(rowNo, cells);
  }

  function startEditing(pos: Pos, draft: string) {
    setEditing({ pos, draft });
  }

  function move(r: number, c: number) {
    focusNext.current = true;
    setActive({ r: Math.max(0, Math.min(rows.length - 1, r)), c: Math.max(0, Math.min(width - 1, c)) });
  }

  function onCellKey(event: KeyboardEvent<HTMLTableCellElement>, r: number, c: number) {
    if (editing) return;
    const keys: Record<string, () => void> = {
      ArrowUp: () => move(r - 1, c),
      ArrowDown: () => move(r + 1, c),
      ArrowLeft: () => move(r, c - 1),
      ArrowRight: () => move(r, c + 1),
      Home: () => move(r, 0),
      End: () => move(r, width - 1),
      Enter: () => setEditing({ pos: { r, c }, draft: cellsOf(r)[c] ?? '' }),
      F2: () => setEditing({ pos: { r, c }, draft: cellsOf(r)[c] ?? '' }),
      Delete: () => setCell(r, c, ''),
      Backspace: () => setCell(r, c, ''),
    };
    const action = keys[event.key];
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'z' && !event.shiftKey) {
      event.preventDefault();
      undo();
    } else if (event.key === 'Process' || event.nativeEvent.isComposing || event.keyCode === 229) {
      // An input method is starting a composition (Zhuyin, Cangjie, pinyin): open the editor now, in this
      // keydown, so the composition lands in it. Not prevented, so the input method goes on.
      flushSync(() => startEditing({ r, c }, ''));
      inputRef.current?.focus();
    } else if (action) {
      event.preventDefault();
      action();
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing over a cell starts editing it with that character, as in a spreadsheet.
      event.preventDefault();
      setEditing({ pos: { r, c }, draft: event.key });
    }
  }

  function onCellPaste(event: ClipboardEvent<HTMLTableCellElement>, r: number, c: number) {
    if (editing) return;
    const text = event.clipboardData.getData('text/plain');
    if (!text) return;
    event.preventDefault();
    // A spreadsheet copies a block as tab-separated lines (quoting cells that hold a tab or line break).
    const block = Papa.parse<string[]>(text.replace(/\r?\n$/, ''), {
      delimiter: '\t',
      newline: text.includes('\r\n') ? '\r\n' : '\n',
    }).data;
    const before: Undo = [];
    block.forEach((cells, i) => {
      const target = r + i;
      if (target >= rows.length) return;
      const next = [...cellsOf(target)];
      while (next.length < width) next.push('');
      cells.forEach((value, j) => {
        if (c + j < width) next[c + j] = value;
      });
      before.push({ rowNo: rows[target]!.rowNo, cells: [...cellsOf(target)] });
      props.onEdit(rows[target]!.rowNo, next);
    });
    if (before.length) undoStack.current.push(before);
  }

  function commit(andMove?: Pos) {
    if (!editing) return;
    setCell(editing.pos.r, editing.pos.c, editing.draft);
    setEditing(null);
    focusNext.current = true;
    if (andMove) setActive({ r: Math.max(0, Math.min(rows.length - 1, andMove.r)), c: andMove.c });
  }

  return (
    <Table role="grid" aria-label={props.caption} className="min-w-full">
      <THead>
        <Tr>
          <Th className="whitespace-nowrap">{t('resendColumn')}</Th>
          <Th className="whitespace-nowrap">{props.labelHeader}</Th>
          {props.statusText ? <Th className="whitespace-nowrap">{ti('results.status')}</Th> : null}
          <Th className="min-w-48">{ti('errors')}</Th>
          {headers.map((h, i) => (
            <Th key={i} className="whitespace-nowrap">
              <FieldHeader field={mapping[i]} header={h} />
            </Th>
          ))}
        </Tr>
      </THead>
      <TBody>
        {rows.map((row, r) => {
          const check = live.get(row.rowNo) ?? { errors: [], changed: false };
          // Until the row is changed, its failure reason stands; after, the live check speaks.
          const issues = check.changed
            ? check.errors
            : [
                ...row.issues,
                ...check.errors.filter((e) => !row.issues.some((i) => i.code === e.code && i.field === e.field)),
              ];
          const cells = cellsOf(r);
          return (
            <Tr key={row.rowNo} className={check.changed ? 'bg-amber-50/60 dark:bg-amber-950/20' : undefined}>
              <Td>
                <Checkbox
                  aria-label={t('resendRow', { row: row.label })}
                  checked={props.selected.has(row.rowNo)}
                  onChange={(e) => props.onSelect(row.rowNo, e.target.checked)}
                />
              </Td>
              <Th scope="row" className="tabular-nums">
                {row.label}
              </Th>
              {props.statusText ? (
                <Td>
                  <Badge tone={row.status === 'unknown' ? 'warning' : row.status === 'failed' ? 'danger' : 'neutral'}>
                    {props.statusText(row.status ?? '')}
                  </Badge>
                </Td>
              ) : null}
              <Td className="text-xs text-red-800 dark:text-red-300">
                {issues.map((issue, k) => {
                  const column = columnOf(issue);
                  return column < 0 || column >= width ? (
                    <span key={k} className="block">
                      {issueText(issue, true)}
                    </span>
                  ) : (
                    // Out of the tab order, as the grid has one tab stop: the cell itself is reached with the arrows.
                    <button
                      key={k}
                      type="button"
                      tabIndex={-1}
                      className="block text-left underline underline-offset-2"
                      onClick={() => move(r, column)}
                    >
                      {issueText(issue, true)}
                    </button>
                  );
                })}
              </Td>
              {headers.map((header, c) => {
                const here = issues.filter((i) => columnOf(i) === c);
                const isActive = active.r === r && active.c === c;
                const isEditing = editing && editing.pos.r === r && editing.pos.c === c;
                // Changed here and not sent yet: marked until the resend clears the edits.
                const edited = (cells[c] ?? '') !== (row.cells[c] ?? '');
                return (
                  <Td
                    key={c}
                    role="gridcell"
                    ref={(el) => {
                      if (el) cellRefs.current.set(`${r}:${c}`, el);
                      else cellRefs.current.delete(`${r}:${c}`);
                    }}
                    tabIndex={isActive && !isEditing ? 0 : -1}
                    aria-invalid={here.length ? true : undefined}
                    onFocus={() => !isActive && setActive({ r, c })}
                    onKeyDown={(e) => onCellKey(e, r, c)}
                    onPaste={(e) => onCellPaste(e, r, c)}
                    onDoubleClick={() => startEditing({ r, c }, cells[c] ?? '')}
                    data-edited={edited || undefined}
                    className={cn(
                      'group/cell min-w-28 cursor-text align-top outline-none max-sm:min-w-40',
                      here.length ? 'bg-red-50 dark:bg-red-950/30' : undefined,
                    )}
                  >
                    {isEditing ? (
                      <input
                        ref={inputRef}
                        autoFocus
                        aria-label={t('editCell', { column: columnName(mapping[c], header), row: row.label })}
                        className="w-full rounded border border-blue-600 bg-white px-1 py-0.5 text-sm dark:bg-zinc-900"
                        value={editing.draft}
                        onChange={(e) => setEditing({ ...editing, draft: e.target.value })}
                        onBlur={() => commit()}
                        onKeyDown={(e) => {
                          // Enter and Escape inside a composition choose or drop the input method's candidate.
                          if (e.nativeEvent.isComposing || e.keyCode === 229) return;
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            commit({ r: r + 1, c });
                          } else if (e.key === 'Escape') {
                            e.preventDefault();
                            e.stopPropagation();
                            setEditing(null);
                            focusNext.current = true;
                            setActive({ r, c });
                          }
                        }}
                      />
                    ) : (
                      <CellBox value={cells[c] ?? ''} edited={edited} editedWord={t('editedCell')} />
                    )}
                    {here.map((issue, k) => (
                      <span key={k} className="mt-0.5 block text-xs text-red-800 dark:text-red-300">
                        {issueText(issue, false)}
                      </span>
                    ))}
                  </Td>
                );
              })}
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
