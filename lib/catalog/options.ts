import { z } from 'zod';
import { anchorUrl, docsPageUrl } from '@/lib/routes';
import { optionNotes, optionRows } from './options-data';
import { roomIdSchema, type RoomId } from './rooms';

/**
 * Every option of the reference, as the reference states it (generated from
 * lib/catalog/layer-options.md into options-data.ts; see option-reference.ts).
 * The docs' option entries, /v1/options, the option browser, search and the
 * agent doors read these rows; no option fact is written anywhere else.
 */
const optionSchema = z.object({
  name: z.string().regex(/^layer\.[A-Za-z]+(\.[A-Za-z<>*]+)*$/),
  room: roomIdSchema,
  namespace: z.string().regex(/^layer\.[A-Za-z]+$/),
  type: z.string().min(1),
  default: z.string().min(1),
  rules: z.string(),
  hostOnly: z.boolean(),
  desktopSafePerKey: z.boolean(),
});
export type LayerOption = z.infer<typeof optionSchema>;

export const options: readonly LayerOption[] = optionSchema.array().parse(optionRows);

export interface OptionNote {
  room: RoomId;
  namespace: string | null;
  text: string;
}
export const notes: readonly OptionNote[] = z
  .object({ room: roomIdSchema, namespace: z.string().nullable(), text: z.string() })
  .array()
  .parse(optionNotes);

export function findOption(name: string): LayerOption | undefined {
  return options.find((option) => option.name === name);
}

/** Where an option's entry is: its room page, at the anchor of its full name. */
export const optionUrl = (option: Pick<LayerOption, 'room' | 'name'>) => anchorUrl(docsPageUrl(['rooms', option.room]), option.name);

/**
 * The kind of value an option takes, read from the start of its Type cell
 * (after `null or`), for filters: boolean, enum, number, string, list,
 * set (attribute sets and submodules) or package.
 */
export const optionKinds = ['boolean', 'enum', 'number', 'string', 'list', 'set', 'package'] as const;
export type OptionKind = (typeof optionKinds)[number];

export function optionKind(option: Pick<LayerOption, 'type'>): OptionKind {
  const type = option.type.replace(/^null or\s+/, '').toLowerCase();
  if (type.startsWith('boolean')) return 'boolean';
  if (type.startsWith('enum')) return 'enum';
  if (type.startsWith('list')) return 'list';
  if (type.startsWith('attribute set') || type.startsWith('submodule')) return 'set';
  if (type.startsWith('package')) return 'package';
  if (type.startsWith('string') || type.startsWith('hex string')) return 'string';
  return 'number';
}
