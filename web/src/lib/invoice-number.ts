/**
 * An invoice number as every screen shows it: upper-cased ('BGINV-1A2B…'), as the billing logs' Invoice
 * column does (000 §2 "Invoice (upper-cased or '-')"). The exported PDF's name and the invoices grid's
 * checkbox labels use it too, so a file can be matched with the grid's row by eye.
 */
export const shownInvoiceNumber = (id: string): string => id.trim().toUpperCase();
