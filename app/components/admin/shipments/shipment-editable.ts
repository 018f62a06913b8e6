import { createContext, useContext } from "react";

/**
 * Whether the shipment page's reader may change the shipment (decision 026): Accounts read shipments without their
 * edit, delete, status and notification controls. The server refuses their posts anyway (decision 019).
 */
export const ShipmentEditable = createContext(true);

export const useShipmentEditable = () => useContext(ShipmentEditable);
