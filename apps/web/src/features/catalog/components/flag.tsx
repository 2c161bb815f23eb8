// The flag moved to src/components, shared with the order summary (issue 31).
export { Flag } from '../../../components/flag';
