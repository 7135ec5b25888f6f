import { useSession } from '../stores/session';
import type { TRouteMatch } from '../app/menuRoutes';
import { LangSelect } from '../shared/LangSelect';
import { Hamburger } from './Hamburger';
import { Breadcrumbs } from './Breadcrumbs';
import { SceneTitle } from './SceneTitle';
import { FullscreenToggle } from './FullscreenToggle';
import { UserDropdown } from './UserDropdown';
import { MessageBell } from '../features/message/MessageBell';
import { GlobalSearch } from '../features/search/GlobalSearch';

export function Navbar({ match }: { match: TRouteMatch | null }) {
  const scene = useSession((s) => s.userInfo?.scene);
  return (
    <header className="navbar">
      <Hamburger />
      <Breadcrumbs match={match} />
      <div className="navbar-right">
        <GlobalSearch />
        <SceneTitle scene={scene} />
        <MessageBell />
        <FullscreenToggle />
        <LangSelect />
        <UserDropdown />
      </div>
    </header>
  );
}
