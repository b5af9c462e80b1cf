import express, { type Request, type Response, type Router } from 'express';
import { isLanguage, type Language } from '../../../shared/languages';
import type { AuctionPayments } from '../auctions/auction-payments';
import type { ApiContext } from '../context';
import { requestLanguage } from '../http/language';
import type { OrderService } from '../orders/order-service';
import type { PaymentService } from './payment-service';
import { DEFAULT_RETURN_PATH, siteReturnPath } from '../../../shared/contract';
import { newNonce, renderSandboxNotFound, renderSandboxPage, sandboxCsp, type SandboxPageModel } from './sandbox-page';

function pageLanguage(req: Request): Language {
  const lang = req.query.lang;
  return isLanguage(lang) ? lang : requestLanguage(req);
}

function sendHtml(res: Response, status: number, html: (nonce: string) => string): void {
  const nonce = newNonce();
  res
    .status(status)
    .set({
      'Content-Security-Policy': sandboxCsp(nonce),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    })
    .type('html')
    .send(html(nonce));
}

/** The way back: the stored path with what was paid (`order=`, or `lot=` for a buy-now or deposit) and the outcome. */
function withResult(stored: string, paid: { order: string } | { lot: string }, result: string): string {
  // Stored paths were checked when the payment began; normalised again in case an older row was not.
  const path = siteReturnPath(stored) ?? DEFAULT_RETURN_PATH;
  const [name, id] = 'order' in paid ? ['order', paid.order] : ['lot', paid.lot];
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(id)}&payment=${result}`;
}

/**
 * The API's stand-in for Payme, Click, Uzum and card pages: server-rendered HTML with Approve
 * and Decline as plain form posts (the one place the API takes a form instead of JSON).
 */
export function registerSandbox(
  router: Router,
  ctx: ApiContext,
  orders: OrderService,
  payments: PaymentService,
  auctionPayments: AuctionPayments,
): void {
  const forms = express.urlencoded({ extended: false, limit: '1kb' });
  const lotNumber = ctx.db.prepare('SELECT n.msisdn FROM auction_lots l CROSS JOIN numbers n ON n.id = l.number_id WHERE l.id = ?').pluck();

  router.get('/sandbox/payments/:paymentId', (req, res) => {
    const lang = pageLanguage(req);
    const payment = payments.find(req.params.paymentId);
    const order = payment ? orders.find(payment.order_id) : undefined;
    const lotPayment = payment ? undefined : auctionPayments.find(req.params.paymentId);
    if (lotPayment) {
      const model = {
        lang,
        apiBase: req.baseUrl,
        paymentId: lotPayment.id,
        provider: lotPayment.provider,
        amount: lotPayment.amount,
        number: lotNumber.get(lotPayment.lot_id) as string,
        purpose: lotPayment.kind,
        // One pending past its window can no longer be paid: the page says so instead of offering it.
        status: lotPaymentShown(lotPayment.status, lotPayment.expires_at <= ctx.now()),
      } as const;
      return sendHtml(res, 200, (nonce) => renderSandboxPage(model, nonce));
    }
    if (!payment || !order) return sendHtml(res, 404, (nonce) => renderSandboxNotFound(lang, nonce));
    const number = orders.view(order, lang).number;
    sendHtml(res, 200, (nonce) =>
      renderSandboxPage(
        {
          lang,
          apiBase: req.baseUrl,
          paymentId: payment.id,
          provider: payment.provider,
          amount: payment.amount,
          number,
          status: payment.status,
        },
        nonce,
      ),
    );
  });

  for (const decision of ['approve', 'decline'] as const) {
    router.post(`/sandbox/payments/:paymentId/${decision}`, forms, (req, res) => {
      const payment = payments.find(req.params.paymentId);
      const lotPayment = payment ? undefined : auctionPayments.find(req.params.paymentId);
      // Decided from the row as it is inside the transaction, never from the one read above.
      if (lotPayment) {
        const result = auctionPayments.settle(lotPayment.id, decision === 'approve');
        return res.set('Cache-Control', 'no-store').redirect(303, withResult(lotPayment.return_path, { lot: lotPayment.lot_id }, result));
      }
      if (!payment) return sendHtml(res, 404, (nonce) => renderSandboxNotFound(pageLanguage(req), nonce));
      const result = payments.settle(payment.id, decision === 'approve');
      res.set('Cache-Control', 'no-store').redirect(303, withResult(payment.return_path, { order: payment.order_id }, result));
    });
  }
}

/** A buy-now's or deposit's stored status as the sandbox page words it. */
function lotPaymentShown(status: string, pastWindow: boolean): SandboxPageModel['status'] {
  if (status === 'pending') return pastWindow ? 'expired' : 'pending';
  if (status === 'lapsed') return 'expired';
  if (status === 'paid') return 'approved';
  return status === 'declined' ? 'declined' : 'refunded';
}
