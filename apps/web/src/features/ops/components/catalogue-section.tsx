/**
 * The catalogue for the operator: the last syncs (when, how long, what changed, who asked),
 * whether one runs now (looked at again every few seconds while it does), the markup in force,
 * and a new markup priced before it is saved. Operators may sync now and save a markup; a
 * viewer may only look and preview.
 */

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueSync, OpsCatalogue } from '@tern/contract/ops-customers';
import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/i18n';
import { opsApi, opsKeys } from '../api/ops-api';
import { useOpsT } from '../hooks/use-ops-t';
import { useOperatorSession } from '../ops-session';
import type { OpsWordId } from '../ops-words';
import { formatDuration, formatMoment } from '../utils/ops-format';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, Ltr } from './data-table';
import { MarkupForm, roundingWords } from './markup-form';
import { secondaryButton } from './ops-styles';
import { QueryState } from './query-state';

const SYNC_POLL_MS = 5_000;

const syncKindWords: Record<CatalogueSync['kind'], OpsWordId> = {
  sync: 'catalogue.kindSync',
  markup: 'catalogue.kindMarkup',
};

export function CatalogueSection() {
  const t = useOpsT();
  const id = useId();
  const catalogue = useQuery({
    queryKey: opsKeys.catalogue,
    queryFn: opsApi.catalogue,
    // A sync runs for a minute or more: its end shows here without a reload.
    refetchInterval: (query) => (query.state.data?.syncRunning ? SYNC_POLL_MS : false),
  });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('section.catalogue')}
      </h2>
      <QueryState query={catalogue}>{(data) => <Catalogue catalogue={data} />}</QueryState>
    </section>
  );
}

function Catalogue({ catalogue }: { catalogue: OpsCatalogue }) {
  const t = useOpsT();
  const mayAct = useOperatorSession()?.role === 'operator';
  return (
    <>
      <div className="space-y-2">
        <p>
          {t(catalogue.syncRunning ? 'catalogue.syncRunning' : 'catalogue.syncIdle')}{' '}
          {t('catalogue.plansOnSale', { count: catalogue.plansOnSale })}
        </p>
        {mayAct ? <SyncNow running={catalogue.syncRunning} /> : <p>{t('viewerNote')}</p>}
      </div>
      <Syncs syncs={catalogue.syncs} />
      <MarkupInForce markup={catalogue.markup} />
      <MarkupForm inForce={catalogue.markup} mayAct={mayAct} />
    </>
  );
}

function SyncNow({ running }: { running: boolean }) {
  const t = useOpsT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState(false);
  const sync = useMutation({
    mutationFn: opsApi.syncCatalogue,
    onSuccess: (overview) => {
      queryClient.setQueryData(opsKeys.catalogue, overview);
      setAsking(false);
      setDone(true);
    },
  });
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        disabled={running}
        onClick={() => {
          sync.reset();
          setDone(false);
          setAsking(true);
        }}
      >
        {t('catalogue.syncNow')}
      </button>
      <p role="status">{done ? t('catalogue.synced') : ''}</p>
      <ConfirmDialog
        open={asking}
        message={t('catalogue.confirmSync')}
        pending={sync.isPending}
        refusal={sync.error?.message}
        onConfirm={() => sync.mutate()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

function Syncs({ syncs }: { syncs: CatalogueSync[] }) {
  const t = useOpsT();
  const { language } = useLanguage();
  return (
    <DataTable
      title={t('catalogue.syncs')}
      empty={t('catalogue.noSyncs')}
      columns={[
        t('column.when'),
        t('catalogue.kind'),
        t('catalogue.duration'),
        t('catalogue.added'),
        t('catalogue.removed'),
        t('catalogue.repriced'),
        t('catalogue.by'),
      ]}
      rows={syncs.map((sync) => ({
        key: `${sync.finishedAt}-${sync.kind}`,
        cells: [
          formatMoment(sync.finishedAt, language),
          t(syncKindWords[sync.kind]),
          sync.durationMs === null ? '—' : formatDuration(sync.durationMs, language),
          sync.added,
          sync.removed,
          sync.priceChanged,
          sync.by ? <Ltr key="by">{sync.by}</Ltr> : t('catalogue.byShop'),
        ],
      }))}
    />
  );
}

function MarkupInForce({ markup }: { markup: OpsCatalogue['markup'] }) {
  const t = useOpsT();
  const { language } = useLanguage();
  const id = useId();
  return (
    <div className="space-y-1">
      <h3 id={id} className="text-lg font-semibold">
        {t('catalogue.markupInForce')}
      </h3>
      <p>
        {t('catalogue.markupFacts', {
          percent: markup.percent,
          rounding: t(roundingWords[markup.rounding]),
        })}
      </p>
      <p className="text-sm text-slate-700">
        {markup.source === 'configuration' || !markup.savedAt
          ? t('catalogue.fromConfiguration')
          : t('catalogue.savedBy', {
              email: `\u2068${markup.savedBy ?? ''}\u2069`,
              time: formatMoment(markup.savedAt, language),
            })}
      </p>
    </div>
  );
}
