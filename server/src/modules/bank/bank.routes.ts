import { bankEndpoints as e } from '@letokruh/contracts/endpoints/bank';
import type { App } from '../../app-types.ts';
import { route } from '../../plugins/endpoint.ts';
import { badInput, notFound } from '../../plugins/errors.ts';
import { readForm } from '../../plugins/multipart.ts';
import * as q from './bank.queries.ts';
import * as service from './bank.service.ts';
import { readStatementFile } from './read-statement.ts';
import { tokenSeal } from './token-seal.ts';

const tags = ['bank'];

/** "Platby z banky" (domain.md §2.12): statements in, payments matched, the accounts' settings. */
export async function bankRoutes(app: App): Promise<void> {
  const { db, config } = app.ctx;
  const seal = tokenSeal(config);

  route(app, e.payments, { schema: { tags } }, async (request) => service.listPayments(db, request.query));

  route(app, e.importStatement, { schema: { tags, consumes: ['multipart/form-data'] } }, async (request) => {
    const form = await readForm(request, { files: 1 });
    const file = form.files[0];
    if (!file) throw badInput('Send the statement as the form field "file"', ['file']);
    return service.importStatement(db, readStatementFile(file.data), {
      userId: request.user!.id,
      method: 'POST',
      path: '/api/bank/statement',
    });
  });

  route(app, e.confirm, { schema: { tags } }, async (request) =>
    service.confirmSuggestion(db, request.params.id, request.user!.id),
  );
  route(app, e.assign, { schema: { tags } }, async (request) =>
    service.assignPayment(db, request.params.id, request.body.order_number, request.user!.id),
  );
  route(app, e.ignore, { schema: { tags } }, async (request) =>
    service.ignorePayment(db, request.params.id, request.body.reason, request.user!.id),
  );
  route(app, e.undo, { schema: { tags } }, async (request) =>
    service.undoPayment(db, request.params.id, request.user!.id),
  );

  route(app, e.accounts, { schema: { tags } }, async () => service.listAccounts(db));
  route(app, e.addAccount, { schema: { tags } }, async (request, reply) => {
    reply.status(201);
    return service.addAccount(db, request.body);
  });
  // Decision 0076: the token is sealed before it is stored and never answered or logged.
  route(app, e.setFioToken, { schema: { tags } }, async (request) => {
    const token = request.body.token;
    if (!(await q.setFioToken(db, request.params.id, token ? seal.seal(token) : null)))
      throw notFound('No such bank account');
    return { ok: true as const };
  });
}
