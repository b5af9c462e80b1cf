import { z } from 'zod';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  BOOKING_HANDOFF_COOKIE,
  BOOKING_HANDOFF_MAX_AGE_SECONDS,
  handoffTokenIn,
  numbersPagePath,
  type ServerChoice,
} from '../../../shared/booking-handoff';
import { LANGUAGES, languageFromPath } from '../../../shared/languages';
import { reservationFromToken } from '../../../shared/tokens';
import { checkUzPhone } from '../../../shared/validation';
import type { CurrentForVisitor, ReserveForVisitor } from '../operator-api/visitor-reservation';

/*
 * "Choose" without JavaScript (issue 63): each number card is a form posting `intent=reserve` and
 * the number to the numbers page. Before the page's scripts run (or without them), the site's
 * server answers that POST here: it reserves the number for the visitor through the API
 * (operator-api/visitor-reservation.ts) and sends them back to the numbers page (303) with the
 * booking's token in the handoff cookie (shared/booking-handoff.ts); a refusal is the numbers page
 * itself, rendered with the API's reason. Once hydrated, the page's own fetcher posts to the API
 * from the browser and never comes here.
 */

/** The numbers page rendered for one request alone, as a GET of its address renders it, answered with `status` (the express adapter of the renderer, without the page store). */
export type RenderPage = (status: number) => RequestHandler;

export interface NumberChoiceOptions {
  reserve: ReserveForVisitor;
  /** The numbers page rendered for this request alone (never stored), answered with `status`. */
  renderPage: RenderPage;
  /** The site's public origin (PUBLIC_SITE_URL): a form posted from it is the site's own. */
  publicSiteUrl: string;
  log: (level: 'error' | 'info', message: string, error?: unknown) => void;
}

/** What a render of the numbers page says of the visitor's choice (express-adapter.ts passes it to the renderer). */
export const setServerChoice = (res: Response, choice: ServerChoice) => {
  // It travels to the renderer in a header of the page's Request, which takes Latin-1 alone: the
  // API's message is Russian or Uzbek ("ʻ"), so the JSON goes percent-encoded (serverChoiceOf decodes it).
  res.locals.numberChoice = encodeURIComponent(JSON.stringify(choice));
};

function plain(res: Response, status: number, text: string): void {
  res.status(status).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store').send(text);
}

/**
 * Only the site's own pages may post a choice: a form on another site (or a sibling subdomain) is
 * refused before anything is read, by what the browser says of the request's initiator
 * (Sec-Fetch-Site) and of its origin (Origin). A POST that says neither is refused too: every
 * browser sends Origin with a form's POST.
 */
function sameOrigin(publicSiteUrl: string): RequestHandler {
  const site = new URL(publicSiteUrl).origin;
  return (req, res, next) => {
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const own = origin === site || origin === `${req.protocol}://${req.get('host') ?? ''}`;
    if (
      (fetchSite === undefined && origin === undefined) ||
      (fetchSite !== undefined && fetchSite !== 'same-origin') ||
      (origin !== undefined && !own)
    )
      return plain(res, 403, '403 Forbidden: the form was not sent from this site');
    next();
  };
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A form's body, small: anything else is 415 (another type) or 413 (too large), never read further. */
function formBody(): RequestHandler[] {
  const parse = express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 8, type: FORM_TYPE });
  const typed: RequestHandler = (req, res, next) => {
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== FORM_TYPE) return plain(res, 415, `415 Unsupported Media Type: send ${FORM_TYPE}`);
    next();
  };
  return [typed, parse];
}

const TAKEN = new Set(['number_unavailable', 'number_not_found', 'number_on_auction']);

/** The answer of a refused choice: the numbers page with the reason, under the refusal's status. */
function refusalStatus(status: number, taken: boolean): number {
  if (taken) return 409;
  return status >= 400 && status < 500 ? status : 502;
}

export function numberChoice({ reserve, renderPage, publicSiteUrl, log }: NumberChoiceOptions): RequestHandler[] {
  const choose = async (req: Request, res: Response, next: NextFunction) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const checked = typeof body.number === 'string' ? checkUzPhone(body.number) : null;
    if (body.intent !== 'reserve' || !checked?.ok) return plain(res, 400, '400 Bad Request: a number to reserve is needed');
    const number = checked.value;
    const lang = languageFromPath(req.path);
    const page = numbersPagePath(lang);
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    let answer: Awaited<ReturnType<ReserveForVisitor>>;
    try {
      answer = await reserve({
        number,
        lang,
        token: handoffTokenIn(req.get('cookie')),
        req,
        requestId: res.locals.requestId as string | undefined,
      });
    } catch (error) {
      log('error', `Reserving ${number} for a visitor without scripts failed`, error);
      answer = { ok: false, status: 502, error: null };
    }
    if (answer.ok) {
      const token = answer.booking.reservationToken;
      const held = reservationFromToken(token);
      const left = held ? Math.floor((held.expiresAtMs - Date.now()) / 1000) : 0;
      res.cookie(BOOKING_HANDOFF_COOKIE, token, {
        path: page,
        sameSite: 'strict',
        secure: req.secure,
        httpOnly: false,
        maxAge: Math.max(0, Math.min(BOOKING_HANDOFF_MAX_AGE_SECONDS, left)) * 1000,
        encode: String,
      });
      res.set('Cache-Control', 'no-store').redirect(303, `${page}${query}`);
      return;
    }
    const taken = TAKEN.has(answer.error?.code ?? '');
    // A limit says when to try again, as the API said it.
    if (answer.retryAfter) res.set('Retry-After', answer.retryAfter);
    setServerChoice(res, { ok: false, number, taken, message: answer.error?.message ?? null });
    // The page itself, as a GET of the same address would render it (RenderPage), with the reason on it.
    renderPage(refusalStatus(answer.status, taken))(req, res, next);
  };
  return [sameOrigin(publicSiteUrl), ...formBody(), choose];
}

/**
 * The numbers page of a visitor holding a handoff cookie (after the redirect above): rendered for
 * them alone, never from or into the page store, saying which number is reserved for them and
 * until when, as the API says it of the cookie's token (GET /reservations/current), never as the
 * cookie says. A token that holds no booking (ended, replaced, or not the API's) takes its cookie
 * with it, and the page is everyone's again.
 */
export function handoffPage(renderPage: RenderPage, current: CurrentForVisitor, log: NumberChoiceOptions['log']): RequestHandler {
  return async (req, res, next) => {
    const token = handoffTokenIn(req.get('cookie'));
    if (!token) return next();
    const lang = languageFromPath(req.path);
    let held: Awaited<ReturnType<CurrentForVisitor>> = null;
    try {
      held = await current({ token, lang, req, requestId: res.locals.requestId as string | undefined });
    } catch (error) {
      log('error', 'Reading the booking of a handoff cookie failed', error);
    }
    if (!held) {
      res.clearCookie(BOOKING_HANDOFF_COOKIE, { path: numbersPagePath(lang) });
      return next();
    }
    setServerChoice(res, { ok: true, number: held.number, expiresAtMs: held.expiresAtMs });
    renderPage(200)(req, res, next);
  };
}

/** Whether a request is a numbers page's that carries a handoff cookie: never answered from the page store. */
export function carriesHandoff(req: Request): boolean {
  return NUMBERS_PAGE_PATHS.includes(req.path) && handoffTokenIn(req.get('cookie')) !== null;
}

/** The numbers page of every language: where a choice is posted. */
export const NUMBERS_PAGE_PATHS: string[] = LANGUAGES.map(numbersPagePath);

/** What the site's own header carries (ServerChoice, in JSON). */
const ServerChoiceSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), number: z.string(), expiresAtMs: z.number() }),
  z.object({ ok: z.literal(false), number: z.string(), taken: z.boolean(), message: z.string().nullable() }),
]) satisfies z.ZodType<ServerChoice>;

/** A ServerChoice as the site's own header carries it (percent-encoded JSON), or null when it is not one. */
export function serverChoiceOf(text: string | null | undefined): ServerChoice | null {
  if (!text) return null;
  try {
    const parsed = ServerChoiceSchema.safeParse(JSON.parse(decodeURIComponent(text)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
