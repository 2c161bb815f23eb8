/**
 * The OpenTelemetry Node SDK set up for traces only (Prometheus' /metrics keeps the numbers):
 * a span for every incoming request with its Fastify route (`@fastify/otel`), and one for
 * every outside call, eSIM Go and the gateway over fetch (undici) and anything over node:http.
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import type { TracingSettings } from '../config';
import type { Tracing } from './tracing';

export function startTracingSdk(settings: TracingSettings): Tracing {
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    traceExporter: traceExporterFor(settings),
    // Empty, not unset: unset, the SDK would start OTLP metric and log exporters of its own.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation(),
      new UndiciInstrumentation(),
      // Registers itself on every Fastify instance as it is created, before any route.
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

function traceExporterFor(settings: TracingSettings) {
  const options = { url: settings.tracesUrl };
  switch (settings.protocol) {
    case 'http/protobuf':
      return new ProtobufTraceExporter(options);
    case 'http/json':
      return new JsonTraceExporter(options);
  }
}
