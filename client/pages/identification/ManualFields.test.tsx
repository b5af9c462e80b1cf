/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import type { ActionFunction } from 'react-router';
import type { Identification, PointOfSale } from '../../../shared/api-types';
import type { Optional } from '../../framework/deferred';
import { draftStorage, findRegionWith, renderComponent } from '../../testing/render';
import { IdentificationForm } from './IdentificationForm';

const POINT: PointOfSale = {
  id: 'pos-tash-1',
  city: 'tashkent',
  cityName: 'Tashkent',
  name: 'Oqtel Chilonzor',
  address: 'Bunyodkor 1',
  landmark: 'metro Chilonzor',
  lat: 41.28,
  lon: 69.2,
  phone: '+998712000000',
  services: ['identification'],
  hours: { monFri: '09:00-18:00', sat: '10:00-15:00', sun: null, lunch: null },
};

const MANUAL = { identityMethod: 'manual', contractAccepted: true };

function show(action: ActionFunction, draft: Record<string, unknown>, points: Optional<PointOfSale[]> = [POINT]) {
  return renderComponent(<IdentificationForm points={points} />, { path: '/identification', action, sessionStorage: draftStorage(draft) });
}

const submit = (user: ReturnType<typeof show>['user']) => user.click(screen.getByRole('button', { name: 'Confirm identity' }));

describe('identification at a point of sale', () => {
  it('asks for a point of sale when none is chosen, focusing the list', async () => {
    const action = jest.fn();
    const { user } = show(action, MANUAL);
    await submit(user);
    const point = screen.getByLabelText('Point of sale');
    expect(point).toHaveAccessibleDescription(expect.stringContaining('Fill in this field.'));
    expect(point).toHaveAttribute('aria-invalid', 'true');
    expect(point).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Fill out the form in full and confirm the contract.');
    expect(action).not.toHaveBeenCalled();
  });

  it('shows the chosen point’s opening hours', async () => {
    const { user } = show(jest.fn(), MANUAL);
    await user.selectOptions(screen.getByLabelText('Point of sale'), 'Bunyodkor 1 (metro Chilonzor)');
    expect(screen.getByText('Open Mon–Fri 09:00-18:00, Sat 10:00-15:00, Sun closed.')).toBeInTheDocument();
  });

  it('shows the API’s refusal of the point next to the point field', async () => {
    const { user } = show(
      async () => ({
        intent: 'identify',
        ok: false,
        failure: {
          code: 'point_without_identification',
          message: 'This point of sale does not offer identification. Please choose another one.',
          field: 'pointOfSaleId',
        },
      }),
      { ...MANUAL, identificationPointId: POINT.id },
    );
    await submit(user);
    await screen.findByText('This point of sale does not offer identification. Please choose another one.');
    expect(screen.getByLabelText('Point of sale')).toHaveAccessibleDescription(
      expect.stringContaining('This point of sale does not offer identification.'),
    );
  });

  it('shows the API’s refusal of the day next to the day field, takes it away once another day is chosen, and shows it again for that day alone', async () => {
    const { user } = show(
      async () => ({
        intent: 'identify',
        ok: false,
        failure: { code: 'point_closed', message: 'The point is closed on that day.', field: 'date' },
      }),
      { ...MANUAL, identificationPointId: POINT.id, appointmentDate: '2030-01-06' },
    );
    await submit(user);
    await screen.findByText('The point is closed on that day.');
    const day = screen.getByLabelText('Day of the visit');
    expect(day).toHaveAttribute('aria-invalid', 'true');
    await user.clear(day);
    await user.type(day, '2030-01-07');
    expect(screen.queryByText('The point is closed on that day.')).not.toBeInTheDocument();
    expect(day).not.toHaveAttribute('aria-invalid');
    await user.clear(day);
    await user.type(day, '2030-01-06');
    expect(screen.getByText('The point is closed on that day.')).toBeInTheDocument();
  });

  it('shows the appointment with its code and the way on to payment once the visit is booked', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const appointment: Identification = {
      id: 'idn-2',
      method: 'manual',
      status: 'appointment',
      phone: '+998901234567',
      documentType: null,
      document: null,
      reason: null,
      hint: null,
      retryAfterSeconds: null,
      appointment: { pointOfSale: POINT, date: '2030-01-07', code: 'V-4821' },
      createdAt: '2030-01-01T10:00:00Z',
    };
    const { user } = show(
      async ({ request }) => {
        sent.push(Object.fromEntries(await request.formData()));
        return { intent: 'identify', ok: true, identification: appointment };
      },
      { ...MANUAL, identificationPointId: POINT.id, appointmentDate: '2030-01-07' },
    );
    await submit(user);
    await findRegionWith('status', 'You are expected at Oqtel Chilonzor, Bunyodkor 1 on');
    expect(screen.getByRole('status')).toHaveTextContent('Your visit code: V-4821.');
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute('href', '/en/payment');
    expect(sent).toEqual([{ intent: 'identify-manual', pointOfSaleId: POINT.id, date: '2030-01-07' }]);
  });

  it('says the points could not be loaded, and still lets the visitor switch to the online way', async () => {
    const failed = Promise.reject(new Error('API down'));
    failed.catch(() => undefined);
    const { user } = show(jest.fn(), MANUAL, failed);
    expect(await screen.findByText('The points of sale could not be loaded. Reload the page or identify online.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Online, right now' }));
    expect(screen.getByLabelText('Passport series and number or PINFL')).toBeInTheDocument();
  });
});
