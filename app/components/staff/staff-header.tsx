import { Form, NavLink } from "react-router";

const LINKS = [
  { to: "/staff", label: "Overview", end: true },
  { to: "/staff/appointments", label: "Appointments", end: false },
  { to: "/staff/enquiries", label: "Enquiries", end: false },
  { to: "/staff/audit", label: "Audit log", end: false },
  { to: "/staff/patient-data", label: "Patient data", end: false },
];

/** The console's own header: its navigation, who is signed in, and sign-out. */
export function StaffHeader({ name }: { name: string }) {
  return (
    <header className="staff-header">
      <div className="staff-header__inner">
        <p className="staff-header__brand">Staff console</p>
        <nav aria-label="Staff console">
          <ul className="staff-nav">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="staff-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-header__user">
          <span>
            Signed in as <strong>{name}</strong>
          </span>
          <NavLink to="/staff/password" className="staff-header__account">
            Change password
          </NavLink>
          <Form method="post" action="/staff/logout" reloadDocument>
            <button type="submit" className="button button--outline staff-button--small">
              Sign out
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}
