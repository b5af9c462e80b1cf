/**
 * The device a component test's browser says it is (what device.ts reads): its user agent, its
 * touch points and, where the browser sends them, user-agent client hints. happy-dom says nothing
 * of its own: each test names its device, and withDevices() puts the browser back after it.
 */
export interface DeviceHints {
  platform: string;
  mobile: boolean;
  model?: string;
}

export function onDevice(userAgent: string, { touchPoints = 0, hints }: { touchPoints?: number; hints?: DeviceHints } = {}): void {
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  jest.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(touchPoints);
  if (hints) {
    const { model, ...low } = hints;
    Object.defineProperty(navigator, 'userAgentData', {
      configurable: true,
      value: { ...low, getHighEntropyValues: async () => (model ? { model } : {}) },
    });
  }
}

export function withDevices(): void {
  afterEach(() => {
    jest.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'userAgentData');
  });
}
