import { useOutboxSender } from '../features/driver/queue/use-delivery-queue';

/** The driver's outbox, sent from whatever page is open (domain.md §2.11). */
export default function DriverOutbox() {
  useOutboxSender();
  return null;
}
