/**
 * The request and response headers both sides of the wire read or write, each defined once: its fields'
 * names (with their compact letters where the request code has them), which are required, and what an
 * absent optional field reads as. The broker's handlers read with these definitions and the SDK writes
 * with them (or the other way round for the calls a broker makes to a client), so a field's spelling
 * lives in one place. Field names are the official clients' and cannot change.
 */
package io.hexmq.remoting.header;
