/**
 * Migration 16: the contacts Telegram signed that already confirmed a phone (POST /auth/telegram),
 * so one signed contact confirms once, whichever cluster worker or process sees it again. A row is
 * kept until its contact would be refused as too old anyway (`forget_at`), then deleted.
 */
export const TELEGRAM_CONTACTS_MIGRATION = {
  version: 16,
  name: 'a signed Telegram contact confirms a phone once',
  sql: `
    CREATE TABLE telegram_contacts_used (
      -- Telegram's hash of the signed contact: one per signed contact, and no secret (the bot's
      -- token is what signs). Neither the phone nor the contact itself is kept.
      hash TEXT PRIMARY KEY,
      forget_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX telegram_contacts_used_forget ON telegram_contacts_used (forget_at);
  `,
};
