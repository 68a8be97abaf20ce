// The e-mail list in the console (admin only): GET /api/practice/list, a page of the confirmed addresses with
// their consent records, and GET /api/practice/list.csv, the whole list as a CSV download. Content owns the
// subscribers; both ask it over rpc.content.v1.practice-list. Every read and every export is in the audit log
// (who, when, from where; the page or the export, never an address).
//
// The export walks the list a page of LIST_RPC_MAX at a time, each page after the last address of the one before,
// and writes each page as it comes: a list of any length is never held whole in memory. Each page has its own
// deadline (`pageTimeoutMs`); a page that fails before anything was written is a 503 JSON answer, one that
// fails later ends the download unfinished (the connection is cut, so a browser reports a failed download rather
// than keep a file that looks whole).
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { HttpError, parse, type Logger } from '@hhp/kit';
import {
  LIST_RPC_MAX,
  ListExportQuery,
  ListQuery,
  PRACTICE_API,
  PracticeListRpcResponse,
  RpcSubjects,
  type ListResponse,
  type PracticeListRpcRequest,
} from '@hhp/proto';
import { bounded } from '../http/deadline.js';
import { actorOf, askedFor, type StaffRequestDeps } from '../http/staff-request.js';
import { addressRecord, CSV_HEADER } from './csv.js';

export const LIST_PATH = `${PRACTICE_API}/list`;
export const LIST_CSV_PATH = `${PRACTICE_API}/list.csv`;
export const LIST_UNAVAILABLE = 'The e-mail list cannot be read right now. Please try again in a moment.';

export interface EmailListDeps extends StaffRequestDeps {
  /** How long content has to answer a page (the table's, and each of the export's). */
  pageTimeoutMs: number;
  admin: RequestHandler;
  now: () => Date;
  logger: Logger;
}

/** Resolves when the response can take more, or when its connection closed (a cancelled download never drains). */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.once('drain', done).once('close', done);
  });
}

export function emailListRouter({ timeoutMs, pageTimeoutMs, bus, audit, admin, now, logger }: EmailListDeps): Router {
  const router = Router();
  const ask = async (req: Request, request: PracticeListRpcRequest) => {
    try {
      return await bus.request(RpcSubjects.practiceList, request, {
        response: PracticeListRpcResponse,
        ...askedFor(req, pageTimeoutMs),
      });
    } catch (err) {
      logger.warn({ err }, 'content did not answer for the e-mail list');
      throw new HttpError(503, LIST_UNAVAILABLE, { cause: err });
    }
  };

  router.get(
    LIST_PATH,
    ...bounded(timeoutMs, admin),
    ...bounded(timeoutMs + pageTimeoutMs, async (req, res) => {
      const { page, pageSize } = parse(ListQuery, req.query);
      await audit.record(req, actorOf(req), 'list-read', `page ${page} of ${pageSize}`);
      const answer = await ask(req, { limit: pageSize, offset: (page - 1) * pageSize, withTotal: true });
      const body: ListResponse = { total: answer.total ?? 0, page, pageSize, addresses: answer.addresses };
      res.json(body);
    }),
  );

  router.get(
    LIST_CSV_PATH,
    ...bounded(timeoutMs, admin, async (req, _res, next) => {
      parse(ListExportQuery, req.query);
      await audit.record(req, actorOf(req), 'list-exported', 'csv');
      next();
    }),
    async (req, res) => {
      let written = 0;
      let after: string | undefined;
      try {
        for (;;) {
          const { addresses } = await ask(req, {
            limit: LIST_RPC_MAX,
            ...(after === undefined ? {} : { after }),
            withTotal: false,
          });
          if (!res.headersSent) {
            const date = now().toISOString().slice(0, 10);
            res
              .status(200)
              .type('text/csv; charset=utf-8')
              .set('Content-Disposition', `attachment; filename="email-list-${date}.csv"`);
            res.write(CSV_HEADER);
          }
          if (addresses.length > 0 && !res.write(addresses.map(addressRecord).join(''))) await drained(res);
          // The browser went away (the download cancelled): no more pages are asked for.
          if (res.destroyed) return;
          written += addresses.length;
          if (addresses.length < LIST_RPC_MAX) break;
          after = addresses.at(-1)!.email;
        }
        res.end();
        logger.info({ addresses: written }, 'e-mail list exported');
      } catch (err) {
        if (!res.headersSent) throw err;
        logger.error({ err, addresses: written }, 'the e-mail list export broke off: the download is cut');
        res.destroy();
      }
    },
  );
  return router;
}
