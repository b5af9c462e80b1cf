import type { Router } from 'express';
import { WatchBody, WatchPathParams } from '../../../shared/contract';
import type { ApiContext } from '../context';
import { unauthorized } from '../http/api-error';
import { body, params } from '../http/input';
import { requestLanguage } from '../http/language';
import { clientKey } from '../http/limits';
import { requireToken } from '../http/request-tokens';
import type { WatchService } from './watch-service';

/** A phone confirmed by SMS (its auth token) saves, lists and removes its own watches. */
export function registerWatches(router: Router, ctx: ApiContext, watches: WatchService): void {
  router.post('/watches', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    const input = body(req, WatchBody);
    await ctx.limits.watch(clientKey(req.ip));
    res.status(201).json(watches.create(phone, requestLanguage(req), input));
  });

  router.get('/watches', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    res.json({ items: watches.list(phone) });
  });

  router.delete('/watches/:id', async (req, res) => {
    const { sub: phone } = await requireToken(ctx, req, 'auth', unauthorized('auth_required'));
    const { id } = params(req, WatchPathParams);
    watches.remove(phone, id);
    res.status(204).end();
  });
}
