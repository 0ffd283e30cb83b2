import type { EventBus } from '../events/event-bus.js';
import type { Mailer } from '../mail/mailer.js';
import type { PortalMetrics } from './metrics.js';

/** The event bus, counting what is published and what reaches this instance's subscribers. */
export function countedEvents(bus: EventBus, metrics: PortalMetrics): EventBus {
  return {
    publish(channel, event) {
      metrics.eventPublished(channel);
      return bus.publish(channel, event);
    },
    subscribe(channel, handler) {
      return bus.subscribe(channel, (event) => {
        metrics.eventReceived(channel);
        handler(event);
      });
    },
    close: () => bus.close(),
  };
}

/** The mailer, counting the messages it sent and those it could not. */
export function countedMailer(mailer: Mailer, metrics: PortalMetrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.email('sent');
      } catch (error) {
        metrics.email('failed');
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
