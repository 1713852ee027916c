/* The console's enquiries page: the contact form's messages, and marking one handled (audited). */

export { listEnquiries, markEnquiryHandled, reopenEnquiry } from "../../../server/enquiries/staff-changes";
