import express, { type Request, type Response, type Router } from 'express';
import { isLanguage, type Language } from '../../../shared/languages';
import type { ApiContext } from '../context';
import { requestLanguage } from '../http/language';
import type { OrderService } from '../orders/order-service';
import type { PaymentService } from './payment-service';
import { DEFAULT_RETURN_PATH, siteReturnPath } from './payment-routes';
import { newNonce, renderSandboxNotFound, renderSandboxPage, sandboxCsp } from './sandbox-page';

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

function withResult(stored: string, orderId: string, result: string): string {
  // Stored paths were checked when the payment began; normalised again in case an older row was not.
  const path = siteReturnPath(stored) ?? DEFAULT_RETURN_PATH;
  return `${path}${path.includes('?') ? '&' : '?'}order=${encodeURIComponent(orderId)}&payment=${result}`;
}

/**
 * The API's stand-in for Payme, Click, Uzum and card pages: server-rendered HTML with Approve
 * and Decline as plain form posts (the one place the API takes a form instead of JSON).
 */
export function registerSandbox(router: Router, ctx: ApiContext, orders: OrderService, payments: PaymentService): void {
  const forms = express.urlencoded({ extended: false, limit: '1kb' });

  router.get('/sandbox/payments/:paymentId', (req, res) => {
    const lang = pageLanguage(req);
    const payment = payments.find(req.params.paymentId);
    const order = payment ? orders.find(payment.order_id) : undefined;
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
          orderId: order.id,
          status: payment.status,
        },
        nonce,
      ),
    );
  });

  for (const decision of ['approve', 'decline'] as const) {
    router.post(`/sandbox/payments/:paymentId/${decision}`, forms, (req, res) => {
      const payment = payments.find(req.params.paymentId);
      if (!payment) return sendHtml(res, 404, (nonce) => renderSandboxNotFound(pageLanguage(req), nonce));
      // Decided from the row as it is inside the transaction, never from the one read above.
      const result = payments.settle(payment.id, decision === 'approve');
      res.set('Cache-Control', 'no-store').redirect(303, withResult(payment.return_path, payment.order_id, result));
    });
  }
}
