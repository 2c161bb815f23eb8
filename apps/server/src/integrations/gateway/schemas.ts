/**
 * What the MPGS REST API (version 100) answers, checked loosely: the fields the shop reads
 * must be there with the right type; anything else the gateway adds passes through untouched.
 */
import { z } from 'zod';

/** Amounts come as JSON numbers; a string of digits is read as one too. */
const money = z.coerce.number();
const total = money.default(0);

export const checkoutSessionSchema = z.looseObject({
  result: z.string(),
  session: z.looseObject({
    id: z.string().min(1),
    updateStatus: z.string().optional(),
    version: z.string().optional(),
  }),
  successIndicator: z.string().min(1),
});

export const transactionEntrySchema = z.looseObject({
  /** SUCCESS, FAILURE, PENDING, ERROR or UNKNOWN. */
  result: z.string(),
  response: z.looseObject({ gatewayCode: z.string().optional() }).optional(),
  transaction: z.looseObject({
    id: z.string(),
    /** AUTHORIZATION, PAYMENT, CAPTURE, VOID_AUTHORIZATION, REFUND, and others. */
    type: z.string(),
    amount: money.optional(),
    currency: z.string().optional(),
    targetTransactionId: z.string().optional(),
  }),
  sourceOfFunds: z
    .looseObject({
      /** The gateway token the card was stored under (Credential on File), when one was made. */
      token: z.string().optional(),
      provided: z
        .looseObject({
          card: z
            .looseObject({ brand: z.string().optional(), number: z.string().optional() })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  timeOfRecord: z.string().optional(),
});
export type GatewayTransaction = z.infer<typeof transactionEntrySchema>;

const orderFields = {
  id: z.string(),
  amount: money,
  currency: z.string(),
  description: z.string().optional(),
  /**
   * CAPTURED or PARTIALLY_CAPTURED (money taken), AUTHORIZED (held), FAILED or DECLINED,
   * VOIDED or CANCELLED, REFUNDED or PARTIALLY_REFUNDED; kept open to the gateway's other values.
   */
  status: z.string(),
  totalAuthorizedAmount: total,
  totalCapturedAmount: total,
  totalRefundedAmount: total,
};

export const orderSchema = z.looseObject({
  ...orderFields,
  /** SUCCESS, or FAILURE when the order's last payment attempt failed. */
  result: z.string().optional(),
  transaction: z.array(transactionEntrySchema).default([]),
});
export type GatewayOrder = z.infer<typeof orderSchema>;

export const transactionAnswerSchema = z.looseObject({
  result: z.string(),
  response: z.looseObject({ gatewayCode: z.string().optional() }).optional(),
  transaction: transactionEntrySchema.shape.transaction,
  order: z.looseObject(orderFields),
});
export type GatewayTransactionAnswer = z.infer<typeof transactionAnswerSchema>;

export const errorAnswerSchema = z.looseObject({
  result: z.literal('ERROR'),
  error: z.looseObject({
    cause: z.string(),
    explanation: z.string().optional(),
    field: z.string().optional(),
  }),
});

/** Retrieve Token's answer: the card masked, its brand or scheme, and its expiry (MMYY). */
export const tokenAnswerSchema = z.looseObject({
  token: z.string().optional(),
  sourceOfFunds: z
    .looseObject({
      provided: z
        .looseObject({
          card: z
            .looseObject({
              brand: z.string().optional(),
              scheme: z.string().optional(),
              number: z.string().optional(),
              expiry: z.string().optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
});

/** Delete Token answers its result only. */
export const deleteTokenAnswerSchema = z.looseObject({ result: z.string().optional() });

/**
 * Initiate Authentication's and Authenticate Payer's answer, and Retrieve Transaction's of an
 * authentication: transaction.authenticationStatus (AUTHENTICATION_AVAILABLE, _PENDING,
 * _SUCCESSFUL, _FAILED…), response.gatewayRecommendation (PROCEED, DO_NOT_PROCEED…), and the
 * html the payer's browser must show for a challenge, at authentication.redirect.html (API
 * version 100) or authentication.redirectHtml (older versions): both are read
 * (https://developer.mastercard.com/mastercard-gateway/documentation/security-and-fraud/authentication/3d-secure-auth/3ds-payer-auth-api/).
 */
export const authenticationAnswerSchema = z.looseObject({
  result: z.string().optional(),
  response: z.looseObject({ gatewayRecommendation: z.string().optional() }).optional(),
  transaction: z
    .looseObject({ id: z.string().optional(), authenticationStatus: z.string().optional() })
    .optional(),
  authentication: z
    .looseObject({
      redirect: z.looseObject({ html: z.string().optional() }).optional(),
      redirectHtml: z.string().optional(),
    })
    .optional(),
});
export type AuthenticationAnswer = z.infer<typeof authenticationAnswerSchema>;
