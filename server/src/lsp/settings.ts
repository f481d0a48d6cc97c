// Editor settings (`creach.*`) and their translation to engine options.

import { defaultEngineOptions, type EngineOptions } from '../api';
import type { CreachSettings } from '../../../shared/editor-protocol';

export const defaultSettings: CreachSettings = {
  loopBound: defaultEngineOptions.maxLoopBound,
  timeoutMs: defaultEngineOptions.timeoutMs,
  dataModel: defaultEngineOptions.dataModel,
  compiler: defaultEngineOptions.compiler,
  includePaths: [],
  defines: [],
  compileCommands: '',
  runtimeErrors: defaultEngineOptions.runtimeErrors,
  validate: true,
};

/** Merges what the client sent over the defaults, ignoring values of the wrong type. */
export function readSettings(raw: unknown): CreachSettings {
  const s: CreachSettings = { ...defaultSettings, includePaths: [], defines: [] };
  if (!raw || typeof raw !== 'object') return s;
  const r = raw as Record<string, unknown>;
  const positiveInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  if (positiveInt(r.loopBound)) s.loopBound = r.loopBound as number;
  if (positiveInt(r.timeoutMs)) s.timeoutMs = r.timeoutMs as number;
  if (r.dataModel === 'LP64' || r.dataModel === 'ILP32') s.dataModel = r.dataModel;
  if (typeof r.compiler === 'string' && r.compiler.trim()) s.compiler = r.compiler.trim();
  if (Array.isArray(r.includePaths)) s.includePaths = r.includePaths.filter((p): p is string => typeof p === 'string');
  if (Array.isArray(r.defines)) s.defines = r.defines.filter((d): d is string => typeof d === 'string');
  if (typeof r.compileCommands === 'string') s.compileCommands = r.compileCommands;
  if (typeof r.runtimeErrors === 'boolean') s.runtimeErrors = r.runtimeErrors;
  if (typeof r.validate === 'boolean') s.validate = r.validate;
  return s;
}

/**
 * Engine options for these settings. Validation compiles and runs the user's
 * code, so it is on only when the workspace is trusted.
 */
export function engineOptions(s: CreachSettings, trusted: boolean): EngineOptions {
  return {
    ...defaultEngineOptions,
    dataModel: s.dataModel,
    compiler: s.compiler,
    includePaths: s.includePaths,
    defines: s.defines,
    compileCommands: s.compileCommands || undefined,
    maxLoopBound: s.loopBound,
    timeoutMs: s.timeoutMs,
    runtimeErrors: s.runtimeErrors,
    validate: s.validate && trusted,
  };
}
