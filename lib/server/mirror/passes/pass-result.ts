import 'server-only';

export interface PassResult {
  kind: 'initial' | 'incremental' | 'sweep';
  /** The pass completed (the watermark or the sweep time advanced). */
  complete: boolean;
  walks: number;
  changed: number;
  recorded: number;
  vanished: number;
}
