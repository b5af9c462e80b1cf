/** @jest-environment @happy-dom/jest-environment */
import { screen } from '@testing-library/react';
import { CATALOGUES } from '../../../locales/catalogues';
import { LANGUAGES } from '../../../shared/languages';
import { DEVICE_UAS } from '../../../shared/testing/user-agents';
import { renderComponent } from '../../testing/render';
import { EsimDeviceCheck } from './EsimDeviceCheck';
import { onDevice, withDevices } from './device-test-support';

withDevices();

const EID = 'Check any phone yourself: dial *#06#. An EID line on the screen means the phone has eSIM.';
const LOCKED = 'A phone locked to another operator may refuse our eSIM even if it supports eSIM.';
const VERDICTS = {
  likely: 'eSIM is likely supported on this phone.',
  possible: 'eSIM may be supported on this phone: iPhone XS, XR and later have it, iPhone 8 and X do not.',
  unlikely: 'This phone is unlikely to support eSIM. A SIM card works in any phone.',
  unknown: 'We cannot tell from here whether your phone supports eSIM.',
};

describe('the eSIM check before paying', () => {
  it('says eSIM is likely supported on a recent iPhone, always with the EID check and the carrier-lock warning', async () => {
    onDevice(DEVICE_UAS.iphone174, { touchPoints: 5 });
    renderComponent(<EsimDeviceCheck />);
    expect(await screen.findByText(VERDICTS.likely)).toBeVisible();
    expect(screen.getByText('Will this phone take an eSIM?')).toBeVisible();
    expect(screen.getByText(EID)).toBeVisible();
    expect(screen.getByText(LOCKED)).toBeVisible();
  });

  it.each([
    ['may be supported on an iPhone on iOS 15 (an iPhone 8 or X has none)', DEVICE_UAS.iphone15, VERDICTS.possible],
    ['is unlikely on an iPhone on iOS 11 (before eSIM)', DEVICE_UAS.iphone11, VERDICTS.unlikely],
    ['is likely on a Pixel 8 named in the user agent', DEVICE_UAS.pixel, VERDICTS.likely],
    ['cannot be told on a computer', DEVICE_UAS.windows, VERDICTS.unknown],
    ['cannot be told on a phone nobody can name', DEVICE_UAS.featurePhone, VERDICTS.unknown],
  ])('says eSIM %s', async (_case, userAgent, verdict) => {
    onDevice(userAgent);
    renderComponent(<EsimDeviceCheck />);
    expect(await screen.findByText(verdict)).toBeVisible();
    for (const other of Object.values(VERDICTS).filter((text) => text !== verdict))
      expect(screen.queryByText(other)).not.toBeInTheDocument();
    expect(screen.getByText(EID)).toBeVisible();
  });

  it('asks an Android browser that hides its model in the user agent for its model hint: a Galaxy S23 is likely supported', async () => {
    onDevice(DEVICE_UAS.reducedAndroid, { touchPoints: 5, hints: { platform: 'Android', mobile: true, model: 'SM-S911B' } });
    renderComponent(<EsimDeviceCheck />);
    expect(await screen.findByText(VERDICTS.likely)).toBeVisible();
  });

  it('cannot tell on an Android phone whose browser names no model at all', async () => {
    onDevice(DEVICE_UAS.reducedAndroid, { touchPoints: 5, hints: { platform: 'Android', mobile: true } });
    renderComponent(<EsimDeviceCheck />);
    expect(await screen.findByText(VERDICTS.unknown)).toBeVisible();
  });
});

describe.each(LANGUAGES)('the eSIM check in %s', (lang) => {
  const c = CATALOGUES[lang].esim.check;

  it('says “likely supported” on a recent iPhone with the EID check and the carrier-lock warning', async () => {
    onDevice(DEVICE_UAS.iphone174, { touchPoints: 5 });
    renderComponent(<EsimDeviceCheck />, { lang });
    expect(await screen.findByText(c.likely)).toBeVisible();
    expect(screen.getByText(c.eid)).toBeVisible();
    expect(screen.getByText(c.locked)).toBeVisible();
  });

  it('says it cannot tell on a phone nobody can name', async () => {
    onDevice(DEVICE_UAS.featurePhone);
    renderComponent(<EsimDeviceCheck />, { lang });
    expect(await screen.findByText(c.unknown)).toBeVisible();
    expect(screen.queryByText(c.likely)).not.toBeInTheDocument();
  });
});
