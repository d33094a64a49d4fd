export { cn } from 'cn';
