// Query-parameter readers. Each returns the parsed value or throws INVALID_PARAMETER naming the
// parameter, so every route rejects bad input the same way.
import type { Request } from 'express';
import { AppError } from '../lib/errors.ts';

type Query = Request['query'];

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new AppError('INVALID_PARAMETER', `${name} must be given once, as a single value`);
  return value;
}

export function stringParam(query: Query, name: string, maxLength = 200): string | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') throw new AppError('INVALID_PARAMETER', `${name} must not be empty`);
  // PostgreSQL text cannot hold NUL; such a value can only be a mistake or a probe.
  if (trimmed.includes('\u0000')) throw new AppError('INVALID_PARAMETER', `${name} must not contain NUL characters`);
  if (trimmed.length > maxLength) throw new AppError('INVALID_PARAMETER', `${name} must be at most ${maxLength} characters`);
  return trimmed;
}

export function intParam(query: Query, name: string, range: { min: number; max: number }, fallback: number): number {
  const value = single(query, name);
  if (value === undefined) return fallback;
  if (!/^\d{1,9}$/.test(value.trim()) || Number(value) < range.min || Number(value) > range.max) {
    throw new AppError('INVALID_PARAMETER', `${name} must be a whole number from ${range.min} to ${range.max} (got "${value}")`);
  }
  return Number(value);
}

export function floatParam(query: Query, name: string, range: { min: number; max: number }, fallback: number): number {
  const value = single(query, name);
  if (value === undefined) return fallback;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || n < range.min || n > range.max) {
    throw new AppError('INVALID_PARAMETER', `${name} must be a number from ${range.min} to ${range.max} (got "${value}")`);
  }
  return n;
}

export function enumParam<T extends string>(query: Query, name: string, allowed: readonly T[], fallback: T): T {
  const value = single(query, name);
  if (value === undefined) return fallback;
  const lower = value.trim().toLowerCase();
  const match = allowed.find((a) => a.toLowerCase() === lower);
  if (!match) throw new AppError('INVALID_PARAMETER', `${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  return match;
}

export function boolParam(query: Query, name: string): boolean | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  throw new AppError('INVALID_PARAMETER', `${name} must be true or false (got "${value}")`);
}
