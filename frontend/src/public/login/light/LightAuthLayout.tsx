import type { ReactNode } from 'react';
import { TEXT } from '../../../i18n/es/app';
import { DoorLink, type Go } from './DoorLink';
import { Icon, Logo } from './icons';

/** AuthLayout drawn without MUI (door.css): the brand panel (aside, from md) and the content (main). */
export function LightAuthLayout({ go, children }: { go: Go; children: ReactNode }) {
  return (
    <div className="door">
      <aside className="door-aside" aria-label={TEXT.brand}>
        <DoorLink to="/" go={go} className="door-home" label={TEXT.nav.homeLink}>
          <Logo size={34} inverted />
        </DoorLink>
        <div className="door-brand">
          <p className="door-brand-title">{TEXT.login.brandTitle}</p>
          <div className="door-points">
            {TEXT.login.brandPoints.map((point) => (
              <div key={point} className="door-point">
                <Icon name="check" />
                <p>{point}</p>
              </div>
            ))}
          </div>
        </div>
        <p className="door-rights">{TEXT.footer.rights(new Date().getFullYear())}</p>
        <div aria-hidden="true" className="door-glow" />
      </aside>
      <main className="door-main">
        <div className="door-main-logo">
          <DoorLink to="/" go={go} className="door-home" label={TEXT.nav.homeLink}>
            <Logo size={32} />
          </DoorLink>
        </div>
        <div className="door-content">{children}</div>
      </main>
    </div>
  );
}
