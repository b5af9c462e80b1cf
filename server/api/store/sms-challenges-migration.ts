/**
 * Migration 17: the proof-of-work challenges (auth/sms-challenge.ts) already spent on an SMS code
 * request, so one solved challenge asks for one code, whichever cluster worker or process sees it
 * again. A row is kept until its challenge would be refused as expired anyway (`forget_at`), then
 * deleted.
 */
export const SMS_CHALLENGES_MIGRATION = {
  version: 17,
  name: 'a solved SMS challenge asks for one code',
  sql: `
    CREATE TABLE sms_challenges_used (
      -- The challenge's HMAC signature: one per challenge the API issued, and no secret (only the
      -- API's key could make another). Neither the phone nor the solution is kept.
      signature TEXT PRIMARY KEY,
      forget_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX sms_challenges_used_forget ON sms_challenges_used (forget_at);
  `,
};
