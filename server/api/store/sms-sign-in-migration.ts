/**
 * An SMS code bound to its requester (docs/api.md, "Signing in by SMS"): the hash of the secret
 * challenge id POST /auth/sms answered, which POST /auth/sms/verify must carry, and the SMS
 * network (siteKey) the code was asked from, which the phone's allowance and the reserve count by.
 * Codes from before have neither: no verify can name them, and they count under no network.
 * Codes asked with the phone's device credential record `device` in network_key instead: they
 * count apart from every network's (auth/sms-allowance.ts, DEVICE_ALLOWANCE).
 */
export const SMS_SIGN_IN_MIGRATION = {
  version: 20,
  name: 'an SMS code is verified with the challenge id its request answered; the network it was asked from',
  sql: `
    ALTER TABLE sms_codes ADD COLUMN challenge_hash TEXT;
    ALTER TABLE sms_codes ADD COLUMN network_key TEXT;
    CREATE UNIQUE INDEX sms_codes_challenge ON sms_codes (challenge_hash);
    CREATE INDEX sms_codes_phone_network ON sms_codes (phone, network_key, created_at);
  `,
};
