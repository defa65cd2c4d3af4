"""Contains all the data models used in inputs/outputs"""

from .action_enum import ActionEnum
from .all_passed_ruling import AllPassedRuling
from .all_passed_ruling_data import AllPassedRulingData
from .all_passed_ruling_made import AllPassedRulingMade
from .all_passed_ruling_made_data import AllPassedRulingMadeData
from .api_key_create_input_request import ApiKeyCreateInputRequest
from .api_key_create_input_role_enum import ApiKeyCreateInputRoleEnum
from .api_key_created_output import ApiKeyCreatedOutput
from .api_key_output import ApiKeyOutput
from .api_key_page_output import ApiKeyPageOutput
from .audit_chain_output import AuditChainOutput
from .audit_ledger_output import AuditLedgerOutput
from .audit_requested_output import AuditRequestedOutput
from .audit_run_output import AuditRunOutput
from .audit_run_page_output import AuditRunPageOutput
from .audit_table_difference_output import AuditTableDifferenceOutput
from .audit_table_difference_output_differences_item import AuditTableDifferenceOutputDifferencesItem
from .audit_table_difference_output_first_difference import AuditTableDifferenceOutputFirstDifference
from .bourre_ruling import BourreRuling
from .bourre_ruling_data import BourreRulingData
from .bourre_ruling_made import BourreRulingMade
from .bourre_ruling_made_data import BourreRulingMadeData
from .card_played_data import CardPlayedData
from .card_played_event import CardPlayedEvent
from .card_retracted_data import CardRetractedData
from .card_retracted_event import CardRetractedEvent
from .card_retracted_ruling_data import CardRetractedRulingData
from .card_retracted_ruling_made import CardRetractedRulingMade
from .card_retracted_ruling_made_data import CardRetractedRulingMadeData
from .cards_exchanged_data import CardsExchangedData
from .cards_exchanged_event import CardsExchangedEvent
from .close_body import CloseBody
from .close_event import CloseEvent
from .closing import Closing
from .closing_shares import ClosingShares
from .club_output import ClubOutput
from .code_enum import CodeEnum
from .comtadine_options import ComtadineOptions
from .comtadine_options_input import ComtadineOptionsInput
from .consistency_output import ConsistencyOutput
from .current_trick import CurrentTrick
from .deal_event import DealEvent
from .deal_header import DealHeader
from .deal_header_hands_type_0 import DealHeaderHandsType0
from .deal_output import DealOutput
from .deal_pot import DealPot
from .deal_settled_ruling_data import DealSettledRulingData
from .deal_settled_ruling_made import DealSettledRulingMade
from .deal_settled_ruling_made_data import DealSettledRulingMadeData
from .deal_started_data import DealStartedData
from .deal_started_data_hands import DealStartedDataHands
from .deal_started_event import DealStartedEvent
from .deal_started_ruling_data import DealStartedRulingData
from .deal_started_ruling_data_antes import DealStartedRulingDataAntes
from .deal_started_ruling_made import DealStartedRulingMade
from .deal_started_ruling_made_data import DealStartedRulingMadeData
from .deal_summary import DealSummary
from .deal_summary_tricks_won import DealSummaryTricksWon
from .deal_view import DealView
from .deal_view_tricks_won import DealViewTricksWon
from .dealer_must_play_ruling import DealerMustPlayRuling
from .dealer_must_play_ruling_data import DealerMustPlayRulingData
from .dealer_must_play_ruling_made import DealerMustPlayRulingMade
from .dealer_must_play_ruling_made_data import DealerMustPlayRulingMadeData
from .declaration import Declaration
from .declare_event import DeclareEvent
from .delivery_status_enum import DeliveryStatusEnum
from .error_detail import ErrorDetail
from .error_response import ErrorResponse
from .event_metadata import EventMetadata
from .event_metadata_actor import EventMetadataActor
from .event_page_output import EventPageOutput
from .event_undone_data import EventUndoneData
from .event_undone_event import EventUndoneEvent
from .event_undone_output import EventUndoneOutput
from .events_append_input_request import EventsAppendInputRequest
from .events_append_output import EventsAppendOutput
from .exchange_event import ExchangeEvent
from .exchange_fee_ruling_data import ExchangeFeeRulingData
from .exchange_fee_ruling_made import ExchangeFeeRulingMade
from .exchange_fee_ruling_made_data import ExchangeFeeRulingMadeData
from .export_create_input_request import ExportCreateInputRequest
from .export_format_enum import ExportFormatEnum
from .export_job_output import ExportJobOutput
from .export_job_output_status_enum import ExportJobOutputStatusEnum
from .export_job_page_output import ExportJobPageOutput
from .export_kind_enum import ExportKindEnum
from .import_job_output import ImportJobOutput
from .import_problem_output import ImportProblemOutput
from .import_progress_output import ImportProgressOutput
from .job_status_enum import JobStatusEnum
from .join_body import JoinBody
from .join_event import JoinEvent
from .kinds_enum import KindsEnum
from .leaderboard_entry_output import LeaderboardEntryOutput
from .leaderboard_get_format import LeaderboardGetFormat
from .leaderboard_page_output import LeaderboardPageOutput
from .leave_body import LeaveBody
from .leave_event import LeaveEvent
from .ledger_audit_chain_output import LedgerAuditChainOutput
from .ledger_audit_difference_output import LedgerAuditDifferenceOutput
from .ledger_audit_difference_output_params import LedgerAuditDifferenceOutputParams
from .ledger_audit_ledger_output import LedgerAuditLedgerOutput
from .ledger_audit_output import LedgerAuditOutput
from .ledger_audit_page_output import LedgerAuditPageOutput
from .ledger_audit_span_output import LedgerAuditSpanOutput
from .ledger_balances_output import LedgerBalancesOutput
from .ledger_balances_output_balances import LedgerBalancesOutputBalances
from .ledger_output import LedgerOutput
from .ledger_output_balances import LedgerOutputBalances
from .ledger_posting_output import LedgerPostingOutput
from .legal_plays import LegalPlays
from .log_output import LogOutput
from .lone_player_ruling import LonePlayerRuling
from .lone_player_ruling_data import LonePlayerRulingData
from .lone_player_ruling_made import LonePlayerRulingMade
from .lone_player_ruling_made_data import LonePlayerRulingMadeData
from .louisiana_options import LouisianaOptions
from .louisiana_options_input import LouisianaOptionsInput
from .next_deal import NextDeal
from .next_deal_owes import NextDealOwes
from .next_deal_owes_penalties import NextDealOwesPenalties
from .night_net_output import NightNetOutput
from .obligation import Obligation
from .occitan_options import OccitanOptions
from .occitan_options_input import OccitanOptionsInput
from .owes_next_deal import OwesNextDeal
from .owes_next_deal_antes import OwesNextDealAntes
from .owes_next_deal_penalties_paid_in import OwesNextDealPenaltiesPaidIn
from .pass_turn_event import PassTurnEvent
from .patched_club_update_input_request import PatchedClubUpdateInputRequest
from .patched_season_update_input_request import PatchedSeasonUpdateInputRequest
from .patched_webhook_update_input_request import PatchedWebhookUpdateInputRequest
from .phase import Phase
from .play_event import PlayEvent
from .player_declared_data import PlayerDeclaredData
from .player_declared_event import PlayerDeclaredEvent
from .player_joined_data import PlayerJoinedData
from .player_joined_event import PlayerJoinedEvent
from .player_left_data import PlayerLeftData
from .player_left_event import PlayerLeftEvent
from .player_profile_output import PlayerProfileOutput
from .player_stats_get_format import PlayerStatsGetFormat
from .player_stats_output import PlayerStatsOutput
from .points_rule_enum import PointsRuleEnum
from .posting import Posting
from .posting_kind import PostingKind
from .posting_leg import PostingLeg
from .pot_carried_ruling import PotCarriedRuling
from .pot_carried_ruling_data import PotCarriedRulingData
from .pot_carried_ruling_made import PotCarriedRulingMade
from .pot_carried_ruling_made_data import PotCarriedRulingMadeData
from .pot_shared_ruling import PotSharedRuling
from .pot_shared_ruling_data import PotSharedRulingData
from .pot_shared_ruling_data_shares import PotSharedRulingDataShares
from .pot_shared_ruling_made import PotSharedRulingMade
from .pot_shared_ruling_made_data import PotSharedRulingMadeData
from .pot_shared_ruling_shares import PotSharedRulingShares
from .pot_split_ruling import PotSplitRuling
from .pot_split_ruling_data import PotSplitRulingData
from .pot_split_ruling_made import PotSplitRulingMade
from .pot_split_ruling_made_data import PotSplitRulingMadeData
from .pot_won_ruling import PotWonRuling
from .pot_won_ruling_data import PotWonRulingData
from .pot_won_ruling_made import PotWonRulingMade
from .pot_won_ruling_made_data import PotWonRulingMadeData
from .problem_enum import ProblemEnum
from .projection_page_output import ProjectionPageOutput
from .projection_rebuild_input_request import ProjectionRebuildInputRequest
from .projection_status_output import ProjectionStatusOutput
from .projection_status_output_kind_enum import ProjectionStatusOutputKindEnum
from .rating_history_page_output import RatingHistoryPageOutput
from .rating_night_output import RatingNightOutput
from .rating_output import RatingOutput
from .receipt_output import ReceiptOutput
from .refused_card import RefusedCard
from .renege_ruling import RenegeRuling
from .renege_ruling_data import RenegeRulingData
from .renege_ruling_made import RenegeRulingMade
from .renege_ruling_made_data import RenegeRulingMadeData
from .retract_event import RetractEvent
from .role_enum import RoleEnum
from .ruling_document import RulingDocument
from .ruling_document_balances import RulingDocumentBalances
from .ruling_kind import RulingKind
from .ruling_made_event import RulingMadeEvent
from .ruling_pot import RulingPot
from .scope_enum import ScopeEnum
from .season_create_input_request import SeasonCreateInputRequest
from .season_output import SeasonOutput
from .season_page_output import SeasonPageOutput
from .season_standing_output import SeasonStandingOutput
from .season_standings_page_output import SeasonStandingsPageOutput
from .seasons_standings_format import SeasonsStandingsFormat
from .seat_view import SeatView
from .settlement_output import SettlementOutput
from .settlement_statement_output import SettlementStatementOutput
from .settlement_transfer_output import SettlementTransferOutput
from .stored_posting import StoredPosting
from .suit import Suit
from .table_closed_data import TableClosedData
from .table_closed_event import TableClosedEvent
from .table_closed_ruling_made import TableClosedRulingMade
from .table_closed_ruling_made_data import TableClosedRulingMadeData
from .table_create_input_request import TableCreateInputRequest
from .table_created_data import TableCreatedData
from .table_created_event import TableCreatedEvent
from .table_import_input_request import TableImportInputRequest
from .table_output import TableOutput
from .table_page_output import TablePageOutput
from .table_state import TableState
from .table_state_balances import TableStateBalances
from .table_summary_output import TableSummaryOutput
from .tables_events_append_prefer import TablesEventsAppendPrefer
from .tables_settlement_format import TablesSettlementFormat
from .task_run_accepted_output import TaskRunAcceptedOutput
from .task_run_output import TaskRunOutput
from .transcript import Transcript
from .transcript_deal import TranscriptDeal
from .transcript_deal_hands_type_0 import TranscriptDealHandsType0
from .transcript_format_enum import TranscriptFormatEnum
from .transcript_input_request import TranscriptInputRequest
from .transcript_output import TranscriptOutput
from .transfer import Transfer
from .trick import Trick
from .trick_dead_ruling_data import TrickDeadRulingData
from .trick_dead_ruling_made import TrickDeadRulingMade
from .trick_dead_ruling_made_data import TrickDeadRulingMadeData
from .trick_reopened_ruling_data import TrickReopenedRulingData
from .trick_reopened_ruling_made import TrickReopenedRulingMade
from .trick_reopened_ruling_made_data import TrickReopenedRulingMadeData
from .trick_won_ruling_data import TrickWonRulingData
from .trick_won_ruling_made import TrickWonRulingMade
from .trick_won_ruling_made_data import TrickWonRulingMadeData
from .turn_passed_data import TurnPassedData
from .turn_passed_event import TurnPassedEvent
from .ukrainian_options import UkrainianOptions
from .ukrainian_options_input import UkrainianOptionsInput
from .undo_body import UndoBody
from .undo_event import UndoEvent
from .variant import Variant
from .viewer_output import ViewerOutput
from .viewer_page_output import ViewerPageOutput
from .webhook_attempt_output import WebhookAttemptOutput
from .webhook_attempt_page_output import WebhookAttemptPageOutput
from .webhook_create_input_request import WebhookCreateInputRequest
from .webhook_created_output import WebhookCreatedOutput
from .webhook_output import WebhookOutput
from .webhook_page_output import WebhookPageOutput
from .webhook_unblock_input_request import WebhookUnblockInputRequest
from .webhook_unblock_output import WebhookUnblockOutput

__all__ = (
    "ActionEnum",
    "AllPassedRuling",
    "AllPassedRulingData",
    "AllPassedRulingMade",
    "AllPassedRulingMadeData",
    "ApiKeyCreatedOutput",
    "ApiKeyCreateInputRequest",
    "ApiKeyCreateInputRoleEnum",
    "ApiKeyOutput",
    "ApiKeyPageOutput",
    "AuditChainOutput",
    "AuditLedgerOutput",
    "AuditRequestedOutput",
    "AuditRunOutput",
    "AuditRunPageOutput",
    "AuditTableDifferenceOutput",
    "AuditTableDifferenceOutputDifferencesItem",
    "AuditTableDifferenceOutputFirstDifference",
    "BourreRuling",
    "BourreRulingData",
    "BourreRulingMade",
    "BourreRulingMadeData",
    "CardPlayedData",
    "CardPlayedEvent",
    "CardRetractedData",
    "CardRetractedEvent",
    "CardRetractedRulingData",
    "CardRetractedRulingMade",
    "CardRetractedRulingMadeData",
    "CardsExchangedData",
    "CardsExchangedEvent",
    "CloseBody",
    "CloseEvent",
    "Closing",
    "ClosingShares",
    "ClubOutput",
    "CodeEnum",
    "ComtadineOptions",
    "ComtadineOptionsInput",
    "ConsistencyOutput",
    "CurrentTrick",
    "DealerMustPlayRuling",
    "DealerMustPlayRulingData",
    "DealerMustPlayRulingMade",
    "DealerMustPlayRulingMadeData",
    "DealEvent",
    "DealHeader",
    "DealHeaderHandsType0",
    "DealOutput",
    "DealPot",
    "DealSettledRulingData",
    "DealSettledRulingMade",
    "DealSettledRulingMadeData",
    "DealStartedData",
    "DealStartedDataHands",
    "DealStartedEvent",
    "DealStartedRulingData",
    "DealStartedRulingDataAntes",
    "DealStartedRulingMade",
    "DealStartedRulingMadeData",
    "DealSummary",
    "DealSummaryTricksWon",
    "DealView",
    "DealViewTricksWon",
    "Declaration",
    "DeclareEvent",
    "DeliveryStatusEnum",
    "ErrorDetail",
    "ErrorResponse",
    "EventMetadata",
    "EventMetadataActor",
    "EventPageOutput",
    "EventsAppendInputRequest",
    "EventsAppendOutput",
    "EventUndoneData",
    "EventUndoneEvent",
    "EventUndoneOutput",
    "ExchangeEvent",
    "ExchangeFeeRulingData",
    "ExchangeFeeRulingMade",
    "ExchangeFeeRulingMadeData",
    "ExportCreateInputRequest",
    "ExportFormatEnum",
    "ExportJobOutput",
    "ExportJobOutputStatusEnum",
    "ExportJobPageOutput",
    "ExportKindEnum",
    "ImportJobOutput",
    "ImportProblemOutput",
    "ImportProgressOutput",
    "JobStatusEnum",
    "JoinBody",
    "JoinEvent",
    "KindsEnum",
    "LeaderboardEntryOutput",
    "LeaderboardGetFormat",
    "LeaderboardPageOutput",
    "LeaveBody",
    "LeaveEvent",
    "LedgerAuditChainOutput",
    "LedgerAuditDifferenceOutput",
    "LedgerAuditDifferenceOutputParams",
    "LedgerAuditLedgerOutput",
    "LedgerAuditOutput",
    "LedgerAuditPageOutput",
    "LedgerAuditSpanOutput",
    "LedgerBalancesOutput",
    "LedgerBalancesOutputBalances",
    "LedgerOutput",
    "LedgerOutputBalances",
    "LedgerPostingOutput",
    "LegalPlays",
    "LogOutput",
    "LonePlayerRuling",
    "LonePlayerRulingData",
    "LonePlayerRulingMade",
    "LonePlayerRulingMadeData",
    "LouisianaOptions",
    "LouisianaOptionsInput",
    "NextDeal",
    "NextDealOwes",
    "NextDealOwesPenalties",
    "NightNetOutput",
    "Obligation",
    "OccitanOptions",
    "OccitanOptionsInput",
    "OwesNextDeal",
    "OwesNextDealAntes",
    "OwesNextDealPenaltiesPaidIn",
    "PassTurnEvent",
    "PatchedClubUpdateInputRequest",
    "PatchedSeasonUpdateInputRequest",
    "PatchedWebhookUpdateInputRequest",
    "Phase",
    "PlayerDeclaredData",
    "PlayerDeclaredEvent",
    "PlayerJoinedData",
    "PlayerJoinedEvent",
    "PlayerLeftData",
    "PlayerLeftEvent",
    "PlayerProfileOutput",
    "PlayerStatsGetFormat",
    "PlayerStatsOutput",
    "PlayEvent",
    "PointsRuleEnum",
    "Posting",
    "PostingKind",
    "PostingLeg",
    "PotCarriedRuling",
    "PotCarriedRulingData",
    "PotCarriedRulingMade",
    "PotCarriedRulingMadeData",
    "PotSharedRuling",
    "PotSharedRulingData",
    "PotSharedRulingDataShares",
    "PotSharedRulingMade",
    "PotSharedRulingMadeData",
    "PotSharedRulingShares",
    "PotSplitRuling",
    "PotSplitRulingData",
    "PotSplitRulingMade",
    "PotSplitRulingMadeData",
    "PotWonRuling",
    "PotWonRulingData",
    "PotWonRulingMade",
    "PotWonRulingMadeData",
    "ProblemEnum",
    "ProjectionPageOutput",
    "ProjectionRebuildInputRequest",
    "ProjectionStatusOutput",
    "ProjectionStatusOutputKindEnum",
    "RatingHistoryPageOutput",
    "RatingNightOutput",
    "RatingOutput",
    "ReceiptOutput",
    "RefusedCard",
    "RenegeRuling",
    "RenegeRulingData",
    "RenegeRulingMade",
    "RenegeRulingMadeData",
    "RetractEvent",
    "RoleEnum",
    "RulingDocument",
    "RulingDocumentBalances",
    "RulingKind",
    "RulingMadeEvent",
    "RulingPot",
    "ScopeEnum",
    "SeasonCreateInputRequest",
    "SeasonOutput",
    "SeasonPageOutput",
    "SeasonsStandingsFormat",
    "SeasonStandingOutput",
    "SeasonStandingsPageOutput",
    "SeatView",
    "SettlementOutput",
    "SettlementStatementOutput",
    "SettlementTransferOutput",
    "StoredPosting",
    "Suit",
    "TableClosedData",
    "TableClosedEvent",
    "TableClosedRulingMade",
    "TableClosedRulingMadeData",
    "TableCreatedData",
    "TableCreatedEvent",
    "TableCreateInputRequest",
    "TableImportInputRequest",
    "TableOutput",
    "TablePageOutput",
    "TablesEventsAppendPrefer",
    "TablesSettlementFormat",
    "TableState",
    "TableStateBalances",
    "TableSummaryOutput",
    "TaskRunAcceptedOutput",
    "TaskRunOutput",
    "Transcript",
    "TranscriptDeal",
    "TranscriptDealHandsType0",
    "TranscriptFormatEnum",
    "TranscriptInputRequest",
    "TranscriptOutput",
    "Transfer",
    "Trick",
    "TrickDeadRulingData",
    "TrickDeadRulingMade",
    "TrickDeadRulingMadeData",
    "TrickReopenedRulingData",
    "TrickReopenedRulingMade",
    "TrickReopenedRulingMadeData",
    "TrickWonRulingData",
    "TrickWonRulingMade",
    "TrickWonRulingMadeData",
    "TurnPassedData",
    "TurnPassedEvent",
    "UkrainianOptions",
    "UkrainianOptionsInput",
    "UndoBody",
    "UndoEvent",
    "Variant",
    "ViewerOutput",
    "ViewerPageOutput",
    "WebhookAttemptOutput",
    "WebhookAttemptPageOutput",
    "WebhookCreatedOutput",
    "WebhookCreateInputRequest",
    "WebhookOutput",
    "WebhookPageOutput",
    "WebhookUnblockInputRequest",
    "WebhookUnblockOutput",
)
