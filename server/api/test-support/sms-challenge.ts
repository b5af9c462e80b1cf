import type express from 'express';
import request from 'supertest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { SmsChallenge } from '../../../shared/api-types';

/**
 * The one way tests ask for an SMS code: GET /api/v1/auth/sms/challenge for the phone, solved as a
 * browser would (altcha-lib), as the `altcha` of POST /auth/sms. `target` is an Express app
 * (through supertest) or a served origin (through fetch); `headers` should be the code request's
 * own (its X-Forwarded-For: the difficulty is the network's). Test APIs and sites ask a tiny
 * difficulty (SMS_CHALLENGE_WORK 1), so this takes milliseconds.
 */
export async function solvedSmsChallenge(
  target: express.Express | string,
  phone: string,
  headers: Record<string, string> = {},
): Promise<string> {
  return solveSmsChallenge(await fetchSmsChallenge(target, phone, headers));
}

/** The challenge the API issues for the phone, unsolved. */
export async function fetchSmsChallenge(
  target: express.Express | string,
  phone: string,
  headers: Record<string, string> = {},
): Promise<SmsChallenge> {
  const path = `/api/v1/auth/sms/challenge?phone=${encodeURIComponent(phone)}`;
  if (typeof target === 'string') {
    const res = await fetch(`${target}${path}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as SmsChallenge;
  }
  const res = await request(target).get(path).set(headers);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as SmsChallenge;
}

/** The challenge solved: base64 of `{ challenge, solution }`, what POST /auth/sms takes in `altcha`. */
export async function solveSmsChallenge(challenge: SmsChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The SMS challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The Cookie header that carries the device credential a sign-in answer set (auth/device-credential.ts). */
export function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const set = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  const cookie = set.find((line) => line.startsWith('sms_device='));
  if (!cookie) throw new Error('no sms_device cookie set');
  return cookie.split(';')[0];
}
