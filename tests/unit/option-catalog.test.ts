import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseOptionReference } from '@/lib/catalog/option-reference';
import { options, optionKind } from '@/lib/catalog/options';

/**
 * The option rows the site ships (lib/catalog/options-data.ts) are exactly
 * what lib/catalog/option-reference.ts reads from the reference, which is a
 * verbatim copy of the shared spec. After the reference changes, regenerate
 * with `npx vitest run -u tests/unit/option-catalog.test.ts` (CI never writes).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const referencePath = join(root, 'lib', 'catalog', 'layer-options.md');
const sharedSpec = join(root, '..', 'shared', 'spec', 'layer-options.md');
const reference = parseOptionReference(readFileSync(referencePath, 'utf8'));

function renderModule(): string {
  return [
    '// Generated from lib/catalog/layer-options.md by tests/unit/option-catalog.test.ts',
    '// (npx vitest run -u tests/unit/option-catalog.test.ts). Do not edit by hand.',
    '',
    `export const optionRows = ${JSON.stringify(reference.options, null, 2)} as const;`,
    '',
    `export const optionNotes = ${JSON.stringify(reference.notes, null, 2)} as const;`,
    '',
  ].join('\n');
}

describe('option catalog', () => {
  it('the reference is a verbatim copy of the shared spec', () => {
    if (!existsSync(sharedSpec)) return; // Only the copy is available (e.g. on CI's clean clone).
    expect(readFileSync(referencePath, 'utf8')).toBe(readFileSync(sharedSpec, 'utf8'));
  });

  it('the shipped rows are the reference, read', async () => {
    await expect(renderModule()).toMatchFileSnapshot(join(root, 'lib', 'catalog', 'options-data.ts'));
  });

  it('reads every option once, with its room, namespace and marks', () => {
    const names = options.map((option) => option.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(117);
    expect(options.filter((option) => option.hostOnly).length).toBe(20);
    expect(options.filter((option) => option.desktopSafePerKey).map((option) => option.name)).toEqual(['layer.displays']);
    const byName = new Map(options.map((option) => [option.name, option]));
    expect(byName.get('layer.wallpaper.glow.spread')).toMatchObject({ room: 'appearance', namespace: 'layer.wallpaper', type: 'number 0.2-4.0', default: '1.15' });
    expect(byName.get('layer.accessibility.reduceTransparency')).toMatchObject({ default: 'null', rules: 'opaque menu bar, sheets, sidebars' });
    expect(byName.get('layer.screenshots.location')).toMatchObject({ hostOnly: true, rules: 'absolute or starting with `~/`; the directory is created at activation' });
    expect(byName.get('layer.hotCorners.topRight')).toMatchObject({ room: 'windows', namespace: 'layer.hotCorners' });
    expect(byName.get('layer.animations')).toMatchObject({ namespace: 'layer.animations', room: 'appearance' });
    expect(byName.get('layer.terminal.editorName')).toMatchObject({ room: 'development', default: '`zed`' });
    expect(optionKind(byName.get('layer.sound.alertVolume')!)).toBe('number');
    expect(optionKind(byName.get('layer.wallpaper.background')!)).toBe('string');
  });

  it('keeps the reference’s notes beside their namespaces', () => {
    const texts = reference.notes.map((note) => `${note.room} ${note.namespace}: ${note.text}`);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^appearance layer\.accessibility: All options default to null\./),
        expect.stringMatching(/^development layer\.github: Deliveries arrive through a tunnel/),
        expect.stringMatching(/^windows null: Other options named in the windows namespace index/),
      ]),
    );
  });
});
