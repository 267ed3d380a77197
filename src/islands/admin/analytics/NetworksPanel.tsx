/**
 * The 'Networks' tab of Analytics (issue 14, point 3): the six networks that can send conversion postbacks, whether
 * each is set up, and the actions that set it up. Creating or rotating a token shows the postback URL with the token
 * once (the server keeps only its hash); adding a signing secret shows the secret once. Rotation and removal ask
 * first, because the old URL stops working at once.
 */
import { useState } from 'react';
import {
  revenueNetworkTexts,
  SIGNATURE_HEADER,
  SIGNATURE_PARAMETER,
  type RevenueNetwork,
} from '../../../domain/admin/revenue-networks.ts';
import { POSTBACK_TIME_PARAMETER, POSTBACK_TIME_WINDOW_MS } from '../../../domain/revenue/postback-time.ts';
import { toast } from '../../../lib/toast.ts';
import { ui } from '../../ui.ts';
import { toastApiError } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { useMutation, useQuery, useQueryClient } from '../query.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { networkKeys, networksApi } from './networks-api.ts';
import { OneTimeSecret } from './OneTimeSecret.tsx';
import { tableScroll } from '../ui/dialog-frame.tsx';

type Reveal = { kind: 'url'; network: RevenueNetwork; value: string } | { kind: 'secret'; network: RevenueNetwork; value: string };

const smallButton = `${ui.secondaryButton} h-9 px-3`;

function Status({ network }: { network: RevenueNetwork }) {
  if (!network.configured) return <span className="text-ink-muted">Not configured</span>;
  return (
    <span className="space-y-1">
      <span className="block font-semibold text-brand-700">Active</span>
      <span className="block text-xs text-ink-muted">Token made {formatDateTime(new Date(network.rotatedAt!))}</span>
      {network.signed && <span className="inline-block rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">Signed</span>}
    </span>
  );
}

function NetworkActions({ network, onReveal }: { network: RevenueNetwork; onReveal: (reveal: Reveal) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: networkKeys.list });
  const forName = <span className="sr-only"> for {network.label}</span>;
  const ofName = <span className="sr-only"> of {network.label}</span>;

  const issueToken = useMutation({
    mutationFn: () => networksApi.issueToken(network.network),
    onSuccess: (issued) => {
      refresh();
      onReveal({ kind: 'url', network: issued.network, value: issued.postbackUrl });
    },
    onError: (error) => toastApiError(error, revenueNetworkTexts.tokenFailed),
  });
  const issueSecret = useMutation({
    mutationFn: () => networksApi.issueSecret(network.network),
    onSuccess: (issued) => {
      refresh();
      onReveal({ kind: 'secret', network: issued.network, value: issued.secret });
    },
    onError: (error) => toastApiError(error, revenueNetworkTexts.secretFailed),
  });
  const clearSecret = useMutation({
    mutationFn: () => networksApi.clearSecret(network.network),
    onSuccess: () => {
      refresh();
      toast({ title: 'Signing secret removed', description: `${network.label} postbacks no longer need a signature.`, variant: 'success' });
    },
    onError: (error) => toastApiError(error, revenueNetworkTexts.secretFailed),
  });
  const remove = useMutation({
    mutationFn: () => networksApi.remove(network.network),
    onSuccess: () => {
      refresh();
      toast({ title: 'Network removed', description: `${network.label} postbacks are refused from now on.`, variant: 'success' });
    },
    onError: (error) => toastApiError(error, revenueNetworkTexts.removeFailed),
  });

  if (!network.configured) {
    return (
      <button type="button" className={smallButton} disabled={issueToken.isPending} onClick={() => issueToken.mutate()}>
        Create token{forName}
      </button>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        trigger={
          <button type="button" className={smallButton}>
            Rotate token{ofName}
          </button>
        }
        title={`Rotate the token of ${network.label}?`}
        description={`The current postback URL stops working at once: ${network.label}'s postbacks are refused until you paste the new URL into its settings.`}
        confirmLabel="Rotate token"
        onConfirm={() => issueToken.mutateAsync()}
      />
      {network.signed ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={smallButton}>
              Remove signing secret{ofName}
            </button>
          }
          title={`Stop requiring signatures from ${network.label}?`}
          description="Postbacks will then be accepted with the token alone."
          confirmLabel="Remove secret"
          onConfirm={() => clearSecret.mutateAsync()}
        />
      ) : (
        <button type="button" className={smallButton} disabled={issueSecret.isPending} onClick={() => issueSecret.mutate()}>
          Add signing secret{forName}
        </button>
      )}
      <ConfirmDialog
        trigger={
          <button type="button" className={smallButton}>
            Remove{forName}
          </button>
        }
        title={`Remove ${network.label}?`}
        description={`Its postback URL stops working at once and its postbacks are refused. The conversions it already sent are kept.`}
        confirmLabel="Remove"
        onConfirm={() => remove.mutateAsync()}
      />
    </div>
  );
}

function RevealPanel({ reveal, onDone }: { reveal: Reveal; onDone: () => void }) {
  const { network } = reveal;
  if (reveal.kind === 'url') {
    return (
      <OneTimeSecret title={`Postback URL for ${network.label}`} label={`Postback URL for ${network.label}`} value={reveal.value} onDone={onDone}>
        <p className="text-sm">
          Paste it into {network.label}&apos;s postback (server-to-server) settings. It may be called by GET or POST.
          {!network.macrosDocumented && ` Replace each {name} placeholder with ${network.label}'s own macro for that field.`}
        </p>
      </OneTimeSecret>
    );
  }
  return (
    <OneTimeSecret title={`Signing secret for ${network.label}`} label={`Signing secret for ${network.label}`} value={reveal.value} onDone={onDone}>
      <p className="text-sm">
        From now on every postback from {network.label} must carry the hex HMAC-SHA256 of its parameters under this secret, in the{' '}
        <code>{SIGNATURE_HEADER}</code> header or else a <code>{SIGNATURE_PARAMETER}</code> parameter, and the time it was sent as a{' '}
        <code>{POSTBACK_TIME_PARAMETER}</code> parameter (Unix seconds, signed with the rest, within {POSTBACK_TIME_WINDOW_MS / 60_000} minutes). Unsigned
        postbacks are refused.
      </p>
    </OneTimeSecret>
  );
}

export default function NetworksPanel() {
  const list = useQuery({ queryKey: networkKeys.list, queryFn: networksApi.list });
  const [reveal, setReveal] = useState<Reveal | null>(null);
  return (
    <section aria-labelledby="networks-title" className="space-y-4">
      <div className="space-y-1">
        <h2 id="networks-title" className="text-lg font-bold">
          Conversion networks
        </h2>
        <p className="text-sm text-ink-muted">
          Each network reports sales to its own secret postback URL. Create a token, paste the URL into the network&apos;s postback settings, and
          its conversions appear here as they happen. The URL is shown once; rotate to replace it.
        </p>
        <p className="text-sm text-ink-muted">
          A network with a signing secret must also send the hex HMAC-SHA256 of its parameters in the <code>{SIGNATURE_HEADER}</code> header, or
          else in a <code>{SIGNATURE_PARAMETER}</code> parameter, with a signed <code>{POSTBACK_TIME_PARAMETER}</code> parameter giving the time it
          was sent in Unix seconds; postbacks without them, or sent more than {POSTBACK_TIME_WINDOW_MS / 60_000} minutes ago, are refused.
        </p>
      </div>

      {reveal && <RevealPanel reveal={reveal} onDone={() => setReveal(null)} />}

      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <p role="alert">{revenueNetworkTexts.listFailed}.</p>
      ) : (
        <div className={tableScroll}>
          <table className="w-full min-w-[44rem] text-left text-sm" aria-busy={list.isFetching || undefined}>
            <caption className="sr-only">Conversion networks</caption>
            <thead className="border-b border-line text-xs text-ink-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Network
                </th>
                <th scope="col" className="py-2 pr-3">
                  Status
                </th>
                <th scope="col" className="py-2 pr-3">
                  Postback URL template
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {list.data.networks.map((network) => (
                <tr key={network.network} className="align-top">
                  <th scope="row" className="py-3 pr-3 font-semibold">
                    {network.label}
                  </th>
                  <td className="py-3 pr-3">
                    <Status network={network} />
                  </td>
                  <td className="max-w-md py-3 pr-3">
                    <code className="block text-xs break-all text-ink-muted">{network.urlTemplate}</code>
                    {!network.macrosDocumented && <span className="text-xs text-ink-muted">Replace each {'{name}'} with the network&apos;s macro.</span>}
                  </td>
                  <td className="py-3">
                    <NetworkActions network={network} onReveal={setReveal} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
