import { usePortal } from '../data/PortalContext';
import './footer.css';

/** The copyright line (SPEC.md section 9): "© {year} {company} Inc. All Rights Reserved." */
export function copyrightText(companyName: string, year: number): string {
  return `© ${year} ${companyName} Inc. All Rights Reserved.`;
}

/** The footer of every page: 30px high, fixed at the bottom of the window. */
export function Footer() {
  const { bootstrap } = usePortal();
  return (
    <footer className="site-footer">
      <p>{copyrightText(bootstrap.companyName, new Date().getFullYear())}</p>
    </footer>
  );
}
