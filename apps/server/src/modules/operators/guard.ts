/**
 * Every operator route's first step: the bearer token must be a live operator session (a
 * buyer's token is not one), and a change needs the operator role. A refusal is audited with
 * the route it was for, and answered without a hint of what exists.
 */
import type { OperatorRole } from '@tern/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../../errors';
import { bearerToken } from '../auth/require-client';
import type { AuditedAction } from './audit';
import type { SignedInOperator } from './sign-in';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by operatorGuard on the console's routes. */
    operator: SignedInOperator | undefined;
  }
}

/**
 * What the audit log names a request by: the order, provider order or payment it names, if
 * any, else its route.
 */
export function auditTarget(request: FastifyRequest): string {
  const params = request.params as
    | { ref?: string; reference?: string; orderId?: string }
    | undefined;
  return (
    params?.ref ?? params?.reference ?? params?.orderId ?? request.routeOptions.url ?? request.url
  );
}

export function operatorGuard(needed: OperatorRole, action: string): preHandlerAsyncHookHandler {
  return async function guard(request) {
    const { signIn } = request.server.operators;
    const token = bearerToken(request);
    const operator = token ? await signIn.operatorForToken(token) : undefined;
    const target = auditTarget(request);
    if (!operator) {
      await signIn.audit.record({
        operator: '(no session)',
        action,
        target,
        outcome: 'refused: no live operator session',
        from: request.ip,
      });
      throw unauthorized('opsMessages.sessionRequired');
    }
    if (needed === 'operator' && operator.role !== 'operator') {
      await signIn.audit.record({
        operator: operator.email,
        action,
        target,
        outcome: `refused: ${operator.role} role`,
        from: request.ip,
      });
      throw forbidden('opsMessages.roleRequired');
    }
    request.operator = operator;
  };
}

/** The signed-in operator of a guarded route. */
export function operatorOf(request: FastifyRequest): SignedInOperator {
  if (!request.operator) throw unauthorized('opsMessages.sessionRequired');
  return request.operator;
}

/** The audit entry of an action the signed-in operator takes on `target` (the URL's by default). */
export function actionBy(
  request: FastifyRequest,
  action: string,
  target: string = auditTarget(request),
): AuditedAction {
  return { operator: operatorOf(request).email, action, target, from: request.ip };
}
