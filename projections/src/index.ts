/** Read side (design §4): projection definitions and the projector land with the event store. */
export {};
