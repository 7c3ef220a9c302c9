import { localTimeZone, SCHEDULE_MESSAGES } from '@sitefleet/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import { localInputValue, ScheduleModal } from './ScheduleModal.tsx';

const renderModal = (props: Partial<Parameters<typeof ScheduleModal>[0]> = {}) => {
  const onSubmit = vi.fn();
  render(
    <ScheduleModal
      action="schedule_publish"
      count={2}
      busy={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={() => {}}
      {...props}
    />,
  );
  return onSubmit;
};

/** Types a local date and time (YYYY-MM-DDTHH:mm) as a user does: the date DD-MM-YYYY, the time. */
function typeDateTime(name: string, local: string) {
  const [year, month, day] = local.slice(0, 10).split('-');
  fireEvent.change(dateOf(name), { target: { value: `${day}-${month}-${year}` } });
  fireEvent.change(timeOf(name), { target: { value: local.slice(11, 16) } });
}
/** The date and the time of a field, each labelled by its name (the date with the zone after). */
const dateOf = (name: string) =>
  screen.getByLabelText(new RegExp(`^${name} \\(`)) as HTMLInputElement;
const timeOf = (name: string) => screen.getByLabelText(`${name} time`) as HTMLInputElement;

/**
 * The zones the modal is tried in: the machine's UTC, where a local time and its instant read the
 * same, and one with a half-hour offset, where a conversion that drops or doubles the offset shows.
 * Each with a wall time typed there and the instant it is, worked out by hand.
 */
const ZONES = [
  { zone: 'UTC', offsetMinutes: 0, typed: '2099-01-01T09:00', instant: '2099-01-01T09:00:00.000Z' },
  {
    zone: 'Asia/Kolkata',
    offsetMinutes: -330,
    typed: '2099-01-01T09:00',
    instant: '2099-01-01T03:30:00.000Z',
  },
];

describe.each(ZONES)('ScheduleModal in $zone', ({ zone, offsetMinutes, typed, instant }) => {
  // Node follows TZ from the moment it is set, for Date and Intl alike.
  const machineZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (machineZone === undefined) delete process.env.TZ;
    else process.env.TZ = machineZone;
  });

  it('sends the wall time typed in the zone as the instant it is there', () => {
    expect(new Date(instant).getTimezoneOffset(), 'the zone in force').toBe(offsetMinutes);
    const onSubmit = renderModal();
    typeDateTime('Publish at', typed);
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith({ publish_at: instant });
  });

  it("shows a scheduled instant as the zone's wall time", () => {
    renderModal({ initial: instant });
    expect(dateOf('Publish at').value).toBe('01-01-2099');
    expect(timeOf('Publish at').value).toBe('09:00');
  });

  it("shows its dates DD-MM-YYYY, as every screen does, not in the browser's order", () => {
    renderModal({ action: 'schedule_spread' });
    for (const name of ['From', 'To']) {
      expect(dateOf(name).type).toBe('text');
      expect(dateOf(name).placeholder).toBe('DD-MM-YYYY');
      expect(dateOf(name).value).toMatch(/^\d\d-\d\d-\d{4}$/);
      expect(timeOf(name).value).toMatch(/^\d\d:00$/);
    }
  });

  it("names the browser's zone and sends the typed local time in UTC", () => {
    const onSubmit = renderModal();
    expect(screen.getByLabelText(new RegExp(`Publish at.*${localTimeZone()}`))).toBeTruthy();
    const at = Date.now() + 2 * 86_400_000;
    typeDateTime('Publish at', localInputValue(at));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith({
      publish_at: new Date(Math.floor(at / 60_000) * 60_000).toISOString(),
    });
  });

  it("refuses a past time with the server's message, and shows a refusal of the server on its field", () => {
    const onSubmit = renderModal();
    typeDateTime('Publish at', localInputValue(Date.now() - 86_400_000));
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(SCHEDULE_MESSAGES.publishAtPast)).toBeTruthy();
    cleanup();

    renderModal({
      error: new ApiError(422, 'Refused', { publish_at: [SCHEDULE_MESSAGES.publishAtPast] }),
    });
    expect(screen.getByText(SCHEDULE_MESSAGES.publishAtPast)).toBeTruthy();
  });

  it('asks a spread for its window and daily hours, in the zone', () => {
    const onSubmit = renderModal({ action: 'schedule_spread' });
    fireEvent.change(screen.getByLabelText('Daily from'), { target: { value: '17:00' } });
    fireEvent.change(screen.getByLabelText('Daily to'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(SCHEDULE_MESSAGES.dailyToBeforeFrom)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Daily to'), { target: { value: '18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        daily_from: '17:00',
        daily_to: '18:00',
        timezone: localTimeZone(),
      }),
    );
  });
});
