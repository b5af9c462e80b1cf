import { useEffect, useState } from 'react';
import { readDevice, type DeviceInfo } from './device';

/** The device the page is on, once the browser has said (null during the server render and hydration). */
export function useDevice(): DeviceInfo | null {
  const [device, setDevice] = useState<DeviceInfo | null>(null);
  useEffect(() => {
    let live = true;
    void readDevice().then((read) => {
      if (live) setDevice(read);
    });
    return () => {
      live = false;
    };
  }, []);
  return device;
}
