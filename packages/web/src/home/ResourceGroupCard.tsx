import type { ResourceGroup } from '@docs-portal/contracts';
import { DocLink } from '../header/DocLink';
import { Icon } from '../icons/Icon';

/** Icon drawn for a group that names none. */
const DEFAULT_GROUP_ICON = 'techDoc';

/**
 * One techdocs resource group: its heading and icon link to the group's first link (SPEC.md
 * section 3), followed by every link of the group.
 */
export function ResourceGroupCard({ group }: { group: ResourceGroup }) {
  const [first] = group.links;
  return (
    <li className="group-card" data-resource-type={group.resourceType}>
      <h3 className="group-card-title">
        {first ? (
          <DocLink link={first} className="group-card-heading-link">
            <Icon name={group.icon ?? DEFAULT_GROUP_ICON} size={28} />
            <span>{group.title}</span>
          </DocLink>
        ) : (
          group.title
        )}
      </h3>
      <ul className="group-card-links">
        {group.links.map((link) => (
          <li key={`${link.title}-${link.path}`}>
            <DocLink link={link} className="group-card-link" />
          </li>
        ))}
      </ul>
    </li>
  );
}
