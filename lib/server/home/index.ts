import 'server-only';

// The public face of lib/server/home: what the home and the navigation's "Needs attention" count hold for one
// person, gathered from the features that own each part (attention's findings, the relay's rejections, approvals).
export { needsAttentionTotal, type AttentionPerson } from './total';
