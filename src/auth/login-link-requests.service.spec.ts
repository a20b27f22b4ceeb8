import { Logger } from '@nestjs/common';
import { LoginLinkRequests } from './login-link-requests.service';
import type { LoginLinks } from './login-links.service';

/** LoginLinks as far as the queue sees it: requests recorded, one failing on demand. */
function fakeLinks(fail: (email: string) => boolean = () => false) {
  const handled: string[] = [];
  const links = {
    requestByEmail: async (email: string) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail(email)) throw new Error('database away');
      handled.push(email);
      return { sent: true };
    },
  } as unknown as LoginLinks;
  return { links, handled };
}

describe('login requests off the request path', () => {
  afterEach(() => jest.restoreAllMocks());

  it('takes a request without doing any of its work, then handles every one in order', async () => {
    const { links, handled } = fakeLinks();
    const requests = new LoginLinkRequests(links);
    requests.submit('a@example.org');
    requests.submit('b@example.org');
    expect(handled).toEqual([]);
    await requests.idle();
    requests.submit('c@example.org');
    await requests.beforeApplicationShutdown();
    expect(handled).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
  });

  it('logs a request that failed and goes on with the next', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { links, handled } = fakeLinks((email) => email === 'bad@example.org');
    const requests = new LoginLinkRequests(links);
    for (const email of ['bad@example.org', 'good@example.org']) requests.submit(email);
    await requests.idle();
    expect(handled).toEqual(['good@example.org']);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'bad@example.org' }),
      expect.stringContaining('no link was mailed'),
    );
  });
});
