/**
 * Runs autocannon in a process of its own (so its work never lands on the event loop it
 * measures) with the options given as JSON in the first argument, and prints the result as
 * JSON. The CLI takes one URL; this takes autocannon's `requests` list, cycled per connection.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon(options);
process.stdout.write(JSON.stringify(result));
