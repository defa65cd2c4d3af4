"""The one checkpointed way to follow the log: asynchronous subscriptions (`framework`)."""
