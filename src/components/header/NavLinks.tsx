import { Link } from "gatsby";
import { isCurrentPath } from "../../lib/paths";

interface NavLinksProps {
  links: readonly { name: string; href: string }[];
  pathname: string;
  onNavigate?: () => void;
  className?: string;
}

/** The nine main links, marking the page being shown with aria-current. */
export function NavLinks({ links, pathname, onNavigate, className }: NavLinksProps) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <Link to={link.href} aria-current={isCurrentPath(pathname, link.href) ? "page" : undefined} onClick={onNavigate}>
            {link.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
