
%FZ%
export * from './pipeline_config_schema';
export * from './signal_finalization_request_schema';
export * from './universal_signal_schema';
export * from './validator_governance_schema';
export * from './validator_metadata_schema';
