export * from './batches';
export * from './errors';
export * from './fields';
export * from './lists';
export * from './operations';
export * from './resources';
export * from './roles';
export * from './seed';
