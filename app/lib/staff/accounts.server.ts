/*
 * The staff accounts page (a manager's: accounts, roles, invitations, a
 * colleague's second factor) and a staff member's own password: staff
 * identity's changes, each audited by the module that makes it.
 */

export {
  activeManagerNames,
  disableStaffAccount,
  enableStaffAccount,
  findStaffAccount,
  setStaffRole,
  type AccountChanged,
} from "../../../server/staff/accounts";
export { isRefusal, refusalWords, type Refusal } from "../../../server/db/outcome";
export { changePassword } from "../../../server/staff/sign-in";
export {
  findPendingInvitation,
  INVITATION_HOURS,
  invitationProblems,
  inviteStaff,
  listStaff,
  resendInvitation,
  withdrawInvitation,
  type InvitationField,
} from "../../../server/staff/invitations";
export { resetSecondFactor } from "../../../server/staff/second-factor";
