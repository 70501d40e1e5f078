/**
 * The table's one alarm. Each queue says when it next needs the table (the history outbox,
 * the deliveries, the reminder of the current move, turn mails put off while their players
 * were at the table, retention) without reading a payload; the alarm is set to the
 * earliest, and written only when that time moved. Retention's time
 * is rounded up to a whole day (retention.ts), so that a table where nothing else waits
 * writes its alarm at most once a day, not on every move.
 */

/** Times closer than this are the same time: no write to move the alarm by less. */
const SLACK_MS = 1_000;

export class Scheduler {
  constructor(private readonly storage: DurableObjectStorage) {}

  /**
   * Sets the alarm to the earliest of `times` (null: that queue waits for nothing), or
   * removes it when nothing waits. `inAlarm`: called by the alarm itself, whose own alarm
   * is spent.
   */
  async rearm(times: readonly (number | null)[], inAlarm: boolean): Promise<void> {
    const due = times.filter((t): t is number => t !== null);
    const current = inAlarm ? null : await this.storage.getAlarm();
    if (due.length === 0) {
      if (current !== null || inAlarm) await this.storage.deleteAlarm();
      return;
    }
    const at = Math.max(Math.min(...due), Date.now() + 100);
    if (current === null || Math.abs(current - at) > SLACK_MS) await this.storage.setAlarm(at);
  }
}
