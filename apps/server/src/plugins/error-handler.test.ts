import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, notFound } from '../errors';
import { errorHandlerPlugin } from './error-handler';

const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  app.post(
    '/things',
    { schema: { body: z.strictObject({ name: z.string().min(3, 'Please enter a valid name') }) } },
    async (request) => ({ name: request.body.name }),
  );
  app.get('/missing', async () => {
    throw notFound('catalogErrorMessages.countryNotFound');
  });
  app.get('/busy', async (_request, reply) => {
    const limited = new HttpError(429, 'tooManyRequests', { retryAfterSeconds: 150 });
    // Words the handler could not read a number out of: it says the key, not the sentence.
    limited.message = 'Slow down';
    reply.header('retry-after', '150');
    throw limited;
  });
  app.get('/broken', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers a body that breaks the schema with 400 and the field errors', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', payload: { name: 'ab' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'body.name: Please enter a valid name',
      errors: [{ path: 'body.name', message: 'Please enter a valid name' }],
    });
  });

  it('rejects unknown fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'abc', price: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/price/);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('passes a known error through with its status and words', async () => {
    const response = await app.inject({ method: 'GET', url: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Country not found' });
  });

  it('hides the details of an unexpected failure and gives the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe('Something bad happened; please try again later.');
    expect(body.requestId).toBeTruthy();
    expect(response.body).not.toContain('hunter2');
  });
});

describe('the error handler in the request language', () => {
  const get = (url: string, acceptLanguage?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  it('answers a known message in Arabic or French, and says it varies with the language', async () => {
    const arabic = await get('/missing', 'ar-LB,ar;q=0.9');
    expect(arabic.statusCode).toBe(404);
    expect(arabic.json()).toEqual({ message: 'لم يُعثر على البلد' });
    expect(arabic.headers.vary).toMatch(/accept-language/i);
    expect((await get('/missing', 'fr-CA')).json()).toEqual({ message: 'Pays introuvable' });
  });

  it('honours q-values and falls back to English', async () => {
    expect((await get('/missing', 'en;q=0.5, fr;q=0.9')).json().message).toBe('Pays introuvable');
    expect((await get('/missing', 'de-DE, es;q=0.8')).json().message).toBe('Country not found');
    expect((await get('/missing')).json().message).toBe('Country not found');
  });

  it('says a message with a value in it in the language, from its key and value', async () => {
    const french = await get('/busy', 'fr');
    expect(french.statusCode).toBe(429);
    expect(french.json()).toEqual({
      message: 'Trop de demandes. Veuillez réessayer dans 3 minutes.',
    });
    expect((await get('/busy', 'ar')).json()).toEqual({
      message: 'طلبات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 3 دقائق.',
    });
    expect((await get('/busy')).json()).toEqual({
      message: 'Too many requests. Please try again in 3 minutes.',
    });
  });

  it('translates the field messages the contract words, and the generic failure', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'accept-language': 'fr' },
      payload: { name: 'ab' },
    });
    expect(response.json()).toEqual({
      message: 'body.name: Veuillez saisir un nom valide',
      errors: [{ path: 'body.name', message: 'Veuillez saisir un nom valide' }],
    });
    const broken = await get('/broken', 'ar');
    expect(broken.statusCode).toBe(500);
    expect(broken.json().message).toBe('حدث خطأ ما؛ يُرجى المحاولة مجددًا لاحقًا.');
    expect(broken.json().requestId).toBeTruthy();
  });
});
