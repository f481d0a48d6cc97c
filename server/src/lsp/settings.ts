// Editor settings (`creach.*`) to engine options, through the one options
// table (options.ts): a setting of the wrong type or range is ignored.

import { checkedValue, defaultEngineOptions, editorDefaults, optionSpecs, type EngineOptions } from '../api';

/** The `creach` settings object the client sends, as engine options over the editor's defaults. */
export function readSettings(raw: unknown): EngineOptions {
  const options = { ...defaultEngineOptions, ...editorDefaults } as Record<string, unknown>;
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  for (const spec of optionSpecs) {
    if (!spec.setting) continue;
    const v = checkedValue(spec, r[spec.setting.name]);
    if (v !== undefined) options[spec.key] = v;
  }
  return options as unknown as EngineOptions;
}

/**
 * Engine options for these settings. Validation compiles and runs the user's
 * code, so it is on only when the workspace is trusted.
 */
export function engineOptions(settings: EngineOptions, trusted: boolean): EngineOptions {
  return { ...settings, validate: settings.validate && trusted };
}
