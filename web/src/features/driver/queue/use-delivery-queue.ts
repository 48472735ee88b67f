import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../../../lib/api-client';
import { driverKey } from '../api';
import { flushQueue } from './queue-sender';
import { enqueue, listQueued, onQueueChange, type QueuedAction, removeQueued } from './queue-store';
import { refusal } from './refusal';
import { sendAction } from './send-action';

/** How often a waiting action is tried again besides the `online` event and a page load. */
export const retryEveryMs = 30_000;

export type DeliveryQueue = {
  /** Every queued action, those refused by the server included (until dismissed). */
  actions: QueuedAction[];
  /** Writes the action to the outbox, then sends it in the background. */
  add(action: QueuedAction): Promise<void>;
  dismiss(key: string): Promise<void>;
  /** Tries the waiting actions now ("Odeslat hned"). */
  retry(): void;
};

/**
 * Sends the outbox now; a sent action refreshes the day, a refused one is said in a notification
 * and stays listed as refused. One round at a time per page (queue-sender.ts).
 */
function useFlush() {
  const { t } = useTranslation();
  const client = useQueryClient();
  return useCallback(async () => {
    const result = await flushQueue(sendAction);
    if (result.sent.length || result.refused.length) {
      await client.invalidateQueries({ queryKey: driverKey });
    }
    for (const action of result.refused) {
      notifications.show({
        color: 'red',
        title: t('driverDay.queue.refusedTitle', { order: action.internId }),
        message: t(errorKey(refusal(action))),
      });
    }
  }, [client, t]);
}

/**
 * The outbox sent from every page of the app while a driver is signed in (domain.md §2.11): on
 * load, when the browser comes online, every 30 s. Mounted once, beside the routes.
 */
export function useOutboxSender(): void {
  const flush = useFlush();
  useEffect(() => {
    const send = () => void flush().catch(() => undefined);
    send();
    window.addEventListener('online', send);
    const timer = setInterval(send, retryEveryMs);
    return () => {
      window.removeEventListener('online', send);
      clearInterval(timer);
    };
  }, [flush]);
}

/** The outbox on the driver's page: its list kept current; an added action is sent right away. */
export function useDeliveryQueue(): DeliveryQueue {
  const flush = useFlush();
  const [actions, setActions] = useState<QueuedAction[]>([]);

  useEffect(() => {
    let alive = true;
    const reload = () =>
      listQueued()
        // The same list again (an empty outbox as the page opens) redraws nothing: a new array
        // would redraw the whole day in one task.
        .then(
          (list) =>
            alive && setActions((shown) => (JSON.stringify(shown) === JSON.stringify(list) ? shown : list)),
        )
        .catch(() => undefined);
    void reload();
    const stopListening = onQueueChange(() => void reload());
    return () => {
      alive = false;
      stopListening();
    };
  }, []);

  const add = useCallback(
    async (action: QueuedAction) => {
      await enqueue(action);
      void flush().catch(() => undefined);
    },
    [flush],
  );
  const retry = useCallback(() => void flush().catch(() => undefined), [flush]);
  return { actions, add, dismiss: removeQueued, retry };
}

export const QueueContext = createContext<DeliveryQueue | null>(null);

/** The page's outbox, for the stop cards deep in it; null where no driver acts (the office). */
export const useQueue = () => useContext(QueueContext);
