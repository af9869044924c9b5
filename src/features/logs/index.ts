/** What the logs feature shares with other pages: an operation's outcome as the log shows it (the landing page's list). */
export { OutcomeBadge } from './outcome-badge.tsx';
