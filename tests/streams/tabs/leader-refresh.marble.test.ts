import { describe, expect, it } from 'vitest';
import { config } from '../../../streams/core/config';
import { domainEpics } from '../../../streams/core/epic';
import type { RootState } from '../../../streams/root';
import { sessionDomain } from '../../../streams/session/domain';
import { signInRequested } from '../../../streams/session/events';
import { tabsDomain } from '../../../streams/tabs/domain';
import { joined } from '../../../streams/tabs/events';
import { appStarted } from '../../helpers/app-started';
import { epicStore, marbleScheduler } from '../../helpers/marbles';
import { fakeHttp, fakeTabs, testDeps } from '../../helpers/test-deps';
import { answer, demoVault, tokenAnswer } from '../session/session-fixtures';

const LIFETIME_S = 100;
const aliceMe = { response: { data: { id: 1, login: 'alice', isUser: true, role: { watermark: false } } } };

describe("the user's token among tabs (issue 25)", () => {
  it('only the leader refreshes it; a follower that starts leading re-arms the refresh from then', () => {
    const scheduler = marbleScheduler();
    const tabs = fakeTabs();
    const refreshes: number[] = [];
    const due = config.bearerRefreshRatio * LIFETIME_S * 1000;
    const leadsAt = due + 10_000;
    scheduler.run(() => {
      const http = fakeHttp((request) => {
        if (request.path === '/rest/token') refreshes.push(scheduler.now());
        if (request.path === '/json/whoami') return answer(aliceMe);
        return answer(request.path === '/rest/config' ? {} : tokenAnswer(0, LIFETIME_S, 'alice'));
      });
      const deps = testDeps({ scheduler, http, session: demoVault(), tabs: tabs.port });
      const store = epicStore(deps, domainEpics<RootState>(sessionDomain, tabsDomain));
      store.dispatch(joined({}));
      store.dispatch(appStarted());
      scheduler.schedule(() => store.dispatch(signInRequested({ login: 'alice', password: 'alice' })), 1);
      scheduler.schedule(() => tabs.grantLeadership(), leadsAt);
      scheduler.schedule(() => store.destroy(), leadsAt + due + 1);
    });
    expect(refreshes).toEqual([leadsAt + due]);
  });
});
